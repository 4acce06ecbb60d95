import type { Page, PageQuery, Refund } from '@studio/contract';
import { Flex, Tag, Table, Typography, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatPrice } from '../../../lib/format.ts';
import type { RefundSide } from './refund-api.ts';
import { RefundStatusTag } from './refund-status-tag.tsx';

/** A page of refunds (course, other team, amount, reason, status, time), with the seller's actions. */
export const RefundsTable = ({
  side,
  data,
  loading,
  page,
  onPage,
  empty,
  actions,
}: {
  side: RefundSide;
  data: Page<Refund> | undefined;
  loading: boolean;
  page: PageQuery;
  onPage: (page: PageQuery) => void;
  empty: ReactNode;
  actions?: (refund: Refund) => ReactNode;
}) => {
  const { t } = useTranslation();
  const columns: TableColumnsType<Refund> = [
    {
      key: 'course',
      title: t('store.refund.course'),
      render: (_, r) => (
        <div style={{ minWidth: 0 }}>
          <Typography.Text strong>{r.title}</Typography.Text>
          <br />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('store.refund.orderNo', { no: r.orderNo })}
          </Typography.Text>
        </div>
      ),
    },
    {
      key: 'team',
      title: side === 'seller' ? t('store.refund.buyer') : t('store.refund.seller'),
      responsive: ['md'],
      render: (_, r) => (side === 'seller' ? r.buyerTeamName : r.sellerTeamName),
    },
    { key: 'amount', title: t('store.refund.amount'), render: (_, r) => formatPrice(r.amount) },
    {
      key: 'reason',
      title: t('store.refund.reason'),
      responsive: ['sm'],
      render: (_, r) => (
        <Typography.Paragraph ellipsis={{ rows: 2 }} style={{ margin: 0, maxWidth: 240 }}>
          {r.reason}
        </Typography.Paragraph>
      ),
    },
    {
      key: 'status',
      title: t('store.refund.state'),
      render: (_, r) => (
        <Flex gap={4} wrap>
          <RefundStatusTag status={r.status} />
          {r.automatic && <Tag style={{ marginInlineEnd: 0 }}>{t('store.order.automaticRefund')}</Tag>}
        </Flex>
      ),
    },
    {
      key: 'time',
      title: t('store.refund.time'),
      responsive: ['lg'],
      render: (_, r) => formatDateTime(r.createTime),
    },
  ];
  if (actions)
    columns.push({ key: 'actions', title: t('store.refund.actions'), render: (_, r) => actions(r) });
  return (
    <Table<Refund>
      rowKey="refundId"
      size="middle"
      columns={columns}
      dataSource={data?.list ?? []}
      loading={loading}
      locale={{ emptyText: empty }}
      pagination={{
        current: page.pageNum,
        pageSize: page.pageSize,
        total: data?.total ?? 0,
        hideOnSinglePage: true,
        showTotal: (count) => t('store.refund.total', { count }),
        onChange: (pageNum, pageSize) => onPage({ pageNum, pageSize }),
      }}
    />
  );
};
