import { useQuery } from '@tanstack/react-query';
import type { CouponCreateBody, CouponKind } from '@studio/contract';
import { COUPON_CODE_PATTERN, COUPON_KINDS } from '@studio/contract/constants';
import { App, DatePicker, Form, Input, Modal, Radio, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dayjs } from '../../../lib/dayjs.ts';
import { yuanToFen } from '../../../lib/format.ts';
import { courseApi } from '../../courses/course-api.ts';
import { couponApi, useCouponMutation } from '../../store/coupon-api.ts';
import { useTeamId } from '../../../lib/current-team.ts';
import { NumberInput } from '../../../components/number-input.tsx';

type Values = {
  code: string;
  kind: CouponKind;
  amountYuan?: number;
  percent?: number;
  minYuan?: number;
  from: Dayjs;
  to: Dayjs;
  totalLimit?: number | null;
  perTeamLimit?: number | null;
  courseIds?: number[];
};

/** The start of a picked day in the viewer's zone (antd's pickers hold dayjs values). */
const dayStart = (d: Dayjs) => d.startOf('day').valueOf();

/** 新建优惠券: the terms a seller chooses; the server checks them again and prices every use. */
export const CouponCreateModal = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  // The default period: from today for 30 days (read once, not on every render).
  const [today] = useState(() => dayjs());
  const kind = Form.useWatch('kind', form) ?? 'amount';
  const teamId = useTeamId();
  const courses = useQuery({
    queryKey: ['course', teamId, 'released-for-coupons'],
    queryFn: () => courseApi.list({ tab: 'all', status: 'released', keyword: '', pageNum: 1, pageSize: 100 }),
    enabled: open && teamId !== undefined,
  });
  const create = useCouponMutation((body: CouponCreateBody) => couponApi.create(body));

  const submit = async (v: Values) => {
    const body: CouponCreateBody = {
      code: v.code.trim().toUpperCase(),
      kind: v.kind,
      value: v.kind === 'amount' ? (yuanToFen(v.amountYuan) ?? 0) : (v.percent ?? 0),
      minOrder: yuanToFen(v.minYuan) ?? 0,
      validFrom: dayStart(v.from),
      // The end date is a whole day: the coupon works until that day's midnight.
      validTo: dayStart(v.to.add(1, 'day')),
      totalLimit: v.totalLimit ?? null,
      perTeamLimit: v.perTeamLimit ?? null,
      courseIds: v.courseIds?.length ? v.courseIds : null,
    };
    try {
      const coupon = await create.mutateAsync(body);
      void message.success(t('store.coupons.created', { code: coupon.code }));
      form.resetFields();
      onClose();
    } catch {
      // The request client has shown why (e.g. 40027, the code is taken).
    }
  };

  return (
    <Modal
      open={open}
      title={t('store.coupons.create')}
      okText={t('store.coupons.create')}
      confirmLoading={create.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{
          kind: 'amount',
          from: today,
          to: today.add(30, 'day'),
          perTeamLimit: 1,
        }}
        onFinish={(v) => void submit(v)}
      >
        <Form.Item
          name="code"
          label={t('store.coupons.code')}
          extra={t('store.coupons.codeHint')}
          normalize={(v: string) => v.toUpperCase()}
          rules={[{ required: true, pattern: COUPON_CODE_PATTERN, message: t('store.coupons.codeHint') }]}
        >
          <Input maxLength={20} autoComplete="off" />
        </Form.Item>
        <Form.Item name="kind" label={t('store.coupons.kind')}>
          <Radio.Group
            optionType="button"
            options={COUPON_KINDS.map((k) => ({ value: k, label: t(`store.coupons.kinds.${k}`) }))}
          />
        </Form.Item>
        {kind === 'amount' ? (
          <Form.Item name="amountYuan" label={t('store.coupons.amountYuan')} rules={[{ required: true }]}>
            <NumberInput min={0.01} max={100000} precision={2} prefix="¥" style={{ width: 200 }} />
          </Form.Item>
        ) : (
          <Form.Item name="percent" label={t('store.coupons.percentOff')} rules={[{ required: true }]}>
            <NumberInput min={1} max={100} precision={0} suffix="%" style={{ width: 200 }} />
          </Form.Item>
        )}
        <Form.Item name="minYuan" label={t('store.coupons.minOrder')}>
          <NumberInput
            min={0}
            max={100000}
            precision={2}
            prefix="¥"
            placeholder={t('store.coupons.noMin')}
            style={{ width: 200 }}
          />
        </Form.Item>
        <Form.Item label={t('store.coupons.period')} required style={{ marginBottom: 0 }}>
          <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
            <Form.Item name="from" rules={[{ required: true }]}>
              <DatePicker allowClear={false} aria-label={`${t('store.coupons.period')} 1`} />
            </Form.Item>
            <Form.Item
              name="to"
              dependencies={['from']}
              rules={[
                { required: true },
                ({ getFieldValue }) => ({
                  validator: (_, value?: Dayjs) =>
                    value && value.isBefore(getFieldValue('from') as Dayjs, 'day')
                      ? Promise.reject(new Error(t('store.coupons.period')))
                      : Promise.resolve(),
                }),
              ]}
            >
              <DatePicker allowClear={false} aria-label={`${t('store.coupons.period')} 2`} />
            </Form.Item>
          </div>
        </Form.Item>
        <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap' }}>
          <Form.Item name="totalLimit" label={t('store.coupons.totalLimit')}>
            <NumberInput
              min={1}
              precision={0}
              placeholder={t('store.coupons.unlimited')}
              style={{ width: 160 }}
            />
          </Form.Item>
          <Form.Item name="perTeamLimit" label={t('store.coupons.perTeamLimit')}>
            <NumberInput
              min={1}
              precision={0}
              placeholder={t('store.coupons.unlimited')}
              style={{ width: 160 }}
            />
          </Form.Item>
        </div>
        <Form.Item name="courseIds" label={t('store.coupons.courses')}>
          <Select
            mode="multiple"
            allowClear
            loading={courses.isLoading}
            placeholder={t('store.coupons.allCourses')}
            options={(courses.data?.list ?? []).map((c) => ({ value: c.courseId, label: c.title }))}
            optionFilterProp="label"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
};
