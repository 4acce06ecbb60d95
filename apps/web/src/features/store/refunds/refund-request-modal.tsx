import type { Order } from '@studio/contract';
import { REFUND_REASON_MAX } from '@studio/contract/constants';
import { App, Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatPrice } from '../../../lib/format.ts';
import { refundApi, useRefundMutation } from './refund-api.ts';

type Item = Order['items'][number];

/** 申请退款: the reason for giving one course of a paid order back; the seller team decides. */
export const RefundRequestModal = ({
  order,
  item,
  onClose,
}: {
  order: Order;
  item: Item | null;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason: string }>();
  const apply = useRefundMutation(refundApi.apply);

  const submit = async ({ reason }: { reason: string }) => {
    if (!item) return;
    try {
      await apply.mutateAsync({ orderId: order.orderId, courseId: item.courseId, reason });
      void message.success(t('store.refund.applied'));
      onClose();
    } catch {
      // Shown by the request client (window passed, asked already…).
    }
  };

  return (
    <Modal
      open={item !== null}
      title={item ? t('store.refund.applyTitle', { title: item.title }) : undefined}
      okText={t('store.refund.submit')}
      onOk={() => form.submit()}
      confirmLoading={apply.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      {item && (
        <Typography.Paragraph type="secondary">
          {t('store.refund.applyDesc', { no: order.orderNo, amount: formatPrice(item.price) })}
        </Typography.Paragraph>
      )}
      <Form form={form} name="refund" layout="vertical" onFinish={(v) => void submit(v)} preserve={false}>
        <Form.Item
          name="reason"
          label={t('store.refund.reason')}
          rules={[
            { required: true, whitespace: true, message: t('store.refund.reasonRequired') },
            { max: REFUND_REASON_MAX, message: t('store.refund.reasonMax', { max: REFUND_REASON_MAX }) },
          ]}
        >
          <Input.TextArea
            rows={3}
            maxLength={REFUND_REASON_MAX}
            showCount
            placeholder={t('store.refund.reasonPlaceholder')}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
};
