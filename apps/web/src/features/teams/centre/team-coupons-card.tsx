import { PlusOutlined } from '@ant-design/icons';
import type { Coupon } from '@studio/contract';
import { App, Button, Card, Empty, Popconfirm, Skeleton, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryView } from '../../../components/query-view.tsx';
import { afterSuccess } from '../../../lib/after-success.ts';
import { formatDate, formatPrice } from '../../../lib/format.ts';
import { couponApi, useCouponMutation, useCoupons } from '../../store/coupon-api.ts';
import { useTeamWritable } from '../../../lib/current-team.ts';
import { CouponCreateModal } from './coupon-create-modal.tsx';

type State = 'active' | 'stopped' | 'ended' | 'notStarted';
const stateOf = (c: Coupon, now: number): State =>
  c.disabled ? 'stopped' : c.validTo <= now ? 'ended' : c.validFrom > now ? 'notStarted' : 'active';
const STATE_COLOR: Record<State, string> = {
  active: 'green',
  stopped: 'default',
  ended: 'default',
  notStarted: 'blue',
};

/** 优惠券 (OWNER/ADMIN): the team's coupons with their uses; create and stop them. */
export const TeamCouponsCard = () => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const writable = useTeamWritable();
  const coupons = useCoupons();
  const stop = useCouponMutation((couponId: number) => couponApi.disable(couponId));
  const [creating, setCreating] = useState(false);
  // A coupon's state is read against the time the card opened.
  const [now] = useState(() => Date.now());

  return (
    <Card
      title={<h2 style={{ fontSize: 16, margin: 0 }}>{t('store.coupons.title')}</h2>}
      extra={
        <Button icon={<PlusOutlined aria-hidden />} disabled={!writable} onClick={() => setCreating(true)}>
          {t('store.coupons.create')}
        </Button>
      }
    >
      <QueryView
        query={coupons}
        loading={<Skeleton active paragraph={{ rows: 3 }} />}
        errorTitle={t('store.coupons.loadFailed')}
        errorReason
        errorOverData
      >
        {({ list }) =>
          list.length === 0 ? (
            <Empty description={t('store.coupons.empty')} />
          ) : (
            <Table<Coupon>
              rowKey="couponId"
              size="small"
              pagination={false}
              scroll={{ x: 'max-content' }}
              dataSource={list}
              columns={[
                { key: 'code', title: t('store.coupons.code'), render: (_, c) => <strong>{c.code}</strong> },
                {
                  key: 'value',
                  title: t('store.coupons.value'),
                  render: (_, c) =>
                    `${
                      c.kind === 'amount'
                        ? t('store.coupons.amountValue', { amount: formatPrice(c.value) })
                        : t('store.coupons.percentValue', { percent: c.value })
                    }，${c.minOrder > 0 ? t('store.coupons.minOrderText', { amount: formatPrice(c.minOrder) }) : t('store.coupons.noMin')}`,
                },
                {
                  key: 'period',
                  title: t('store.coupons.period'),
                  render: (_, c) => `${formatDate(c.validFrom)} – ${formatDate(c.validTo - 1)}`,
                },
                {
                  key: 'used',
                  title: t('store.coupons.used'),
                  align: 'right',
                  render: (_, c) =>
                    t('store.coupons.usedOf', {
                      used: c.used,
                      total: c.totalLimit ?? t('store.coupons.unlimited'),
                    }),
                },
                {
                  key: 'status',
                  title: t('store.coupons.status'),
                  render: (_, c) => {
                    const state = stateOf(c, now);
                    return <Tag color={STATE_COLOR[state]}>{t(`store.coupons.${state}`)}</Tag>;
                  },
                },
                {
                  key: 'actions',
                  title: '',
                  render: (_, c) =>
                    stateOf(c, now) === 'active' || stateOf(c, now) === 'notStarted' ? (
                      <Popconfirm
                        title={t('store.coupons.stopConfirm', { code: c.code })}
                        onConfirm={() =>
                          afterSuccess(stop.mutateAsync(c.couponId), () =>
                            message.success(t('store.coupons.stopDone')),
                          )
                        }
                      >
                        <Button size="small" danger disabled={!writable}>
                          {t('store.coupons.stop')}
                        </Button>
                      </Popconfirm>
                    ) : null,
                },
              ]}
            />
          )
        }
      </QueryView>
      <CouponCreateModal open={creating} onClose={() => setCreating(false)} />
    </Card>
  );
};
