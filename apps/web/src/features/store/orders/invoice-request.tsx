import type { Invoice, Order } from '@studio/contract';
import { INVOICE_TITLE_MAX, TAX_ID_PATTERN } from '@studio/contract/constants';
import { App, Button, Flex, Form, Input, List, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPrice } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session-store.ts';
import { useTeamWritable } from '../../../lib/current-team.ts';
import { invoiceApi, useInvoiceMutation, useInvoices } from '../invoices/invoice-api.ts';
import { InvoiceDownloadButton } from '../invoices/invoice-download-button.tsx';
import { InvoiceStatusTag } from '../invoices/invoice-status-tag.tsx';

interface Values {
  title: string;
  taxId: string;
  email: string;
}

/** 申请发票: title, tax id and email; one invoice per seller team of the order is asked. */
const InvoiceApplyModal = ({ order, onClose }: { order: Order; onClose: () => void }) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const apply = useInvoiceMutation(invoiceApi.apply);
  const submit = async (values: Values) => {
    try {
      await apply.mutateAsync({ orderId: order.orderId, ...values });
      void message.success(t('store.invoice.applied'));
      onClose();
    } catch {
      // Shown by the request client (asked already, not paid…).
    }
  };
  return (
    <Modal
      open
      title={t('store.invoice.applyTitle', { no: order.orderNo })}
      okText={t('store.invoice.submit')}
      onOk={() => form.submit()}
      confirmLoading={apply.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('store.invoice.applyDesc')}</Typography.Paragraph>
      <Form form={form} name="invoice" layout="vertical" onFinish={(v) => void submit(v)} preserve={false}>
        <Form.Item
          name="title"
          label={t('store.invoice.invoiceTitle')}
          rules={[
            { required: true, whitespace: true, message: t('store.invoice.titleRequired') },
            { max: INVOICE_TITLE_MAX, message: t('store.invoice.titleMax', { max: INVOICE_TITLE_MAX }) },
          ]}
        >
          <Input maxLength={INVOICE_TITLE_MAX} placeholder={t('store.invoice.titlePlaceholder')} />
        </Form.Item>
        <Form.Item
          name="taxId"
          label={t('store.invoice.taxId')}
          normalize={(v: string) => v.toUpperCase()}
          rules={[
            { required: true, message: t('store.invoice.taxIdRequired') },
            { pattern: TAX_ID_PATTERN, message: t('store.invoice.taxIdInvalid') },
          ]}
        >
          <Input maxLength={20} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="email"
          label={t('store.invoice.email')}
          rules={[
            { required: true, message: t('store.invoice.emailRequired') },
            { type: 'email', message: t('store.invoice.emailInvalid') },
          ]}
        >
          <Input type="email" maxLength={120} autoComplete="email" />
        </Form.Item>
      </Form>
    </Modal>
  );
};

const InvoiceRow = ({ invoice }: { invoice: Invoice }) => {
  const { t } = useTranslation();
  return (
    <List.Item>
      <Flex justify="space-between" align="center" gap={12} wrap style={{ width: '100%' }}>
        <div style={{ minWidth: 0 }}>
          <Typography.Text>
            {t('store.invoice.line', { team: invoice.sellerTeamName, amount: formatPrice(invoice.amount) })}
          </Typography.Text>
          <br />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {invoice.title} · {invoice.taxId}
          </Typography.Text>
        </div>
        <Flex gap={8} align="center">
          <InvoiceStatusTag status={invoice.status} />
          {invoice.status === 'issued' && <InvoiceDownloadButton invoice={invoice} />}
        </Flex>
      </Flex>
    </List.Item>
  );
};

/**
 * 发票 in the order drawer, for the OWNER/ADMIN of the team that paid the order: 申请发票 while none
 * was asked, then each seller team's invoice with its state and 下载发票 once issued.
 */
export const InvoiceRequest = ({ order }: { order: Order }) => {
  const { t } = useTranslation();
  const lastTeam = useSession((s) => s.user?.lastTeam ?? null);
  const writable = useTeamWritable();
  const [asking, setAsking] = useState(false);
  const ours = lastTeam?.abilities.manage === true && order.teamId === lastTeam.teamId;
  const invoicable = ours && order.status === 'paid' && order.amount > 0;
  const invoices = useInvoices('buyer', { pageNum: 1, pageSize: 20, orderId: order.orderId }, invoicable);
  if (!invoicable) return null;
  const list = invoices.data?.list ?? [];
  return (
    <section aria-labelledby={`invoice-${order.orderId}`}>
      <Flex justify="space-between" align="center" gap={8}>
        <h3 id={`invoice-${order.orderId}`} style={{ fontSize: 15, margin: 0 }}>
          {t('store.invoice.section')}
        </h3>
        {invoices.isSuccess && list.length === 0 && (
          <Button size="small" type="primary" disabled={!writable} onClick={() => setAsking(true)}>
            {t('store.invoice.apply')}
          </Button>
        )}
      </Flex>
      {invoices.isSuccess && list.length === 0 ? (
        <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }}>
          {t('store.invoice.none')}
        </Typography.Paragraph>
      ) : (
        <List
          size="small"
          loading={invoices.isPending}
          dataSource={list}
          rowKey="invoiceId"
          renderItem={(invoice) => <InvoiceRow invoice={invoice} />}
        />
      )}
      {asking && <InvoiceApplyModal order={order} onClose={() => setAsking(false)} />}
    </section>
  );
};
