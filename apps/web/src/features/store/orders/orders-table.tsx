import type { Order, Page } from '@studio/contract';
import { Button, Table, Typography, type TableColumnsType } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format.ts';
import { formatPrice } from '../../../lib/format.ts';
import type { PageQuery } from '@studio/contract';
import { OrderDetailDrawer } from './order-detail-drawer.tsx';
import { OrderStatusTag } from './order-status-tag.tsx';

/** A page of orders (order no, courses, amount, status, time) with server paging and a detail drawer. */
export const OrdersTable = ({
  data,
  loading,
  page,
  onPage,
  empty,
  totalText,
  itemAction,
  onOpen,
  ...props
}: {
  data: Page<Order> | undefined;
  loading: boolean;
  page: PageQuery;
  onPage: (page: PageQuery) => void;
  empty: ReactNode;
  totalText: (total: number) => string;
  /** What may be done with a line of an order, in its detail drawer. */
  itemAction?: (order: Order, item: Order['items'][number]) => ReactNode;
  /**
   * The order whose details are open, when the caller keeps it (交易信息: in the address); an order
   * not on this page comes as `openOrder`. Without them, the table keeps its own.
   */
  openId?: number | null;
  openOrder?: Order | null;
  onOpen?: (orderId: number | null) => void;
}) => {
  const { t } = useTranslation();
  const [ownId, setOwnId] = useState<number | null>(null);
  const openId = onOpen ? (props.openId ?? null) : ownId;
  const setOpen = (order: Order | null) => (onOpen ?? setOwnId)(order?.orderId ?? null);
  // Read from the page's rows, so a change (paid, cancelled, refunded) shows while it is open.
  const open =
    openId === null
      ? null
      : (data?.list.find((o) => o.orderId === openId) ??
        (props.openOrder?.orderId === openId ? props.openOrder : null));
  const columns: TableColumnsType<Order> = [
    {
      key: 'orderNo',
      title: t('store.order.orderNo'),
      render: (_, order) => (
        <Button
          type="link"
          style={{ padding: 0, height: 'auto' }}
          onClick={() => setOpen(order)}
          aria-label={t('store.order.viewDetail', { no: order.orderNo })}
        >
          {order.orderNo}
        </Button>
      ),
    },
    {
      key: 'items',
      title: t('store.order.items'),
      // Phones keep order no, amount and status; the drawer has the rest.
      responsive: ['md'],
      render: (_, order) => (
        <Typography.Text ellipsis style={{ maxWidth: 260 }}>
          {order.items.map((i) => i.title).join('、')}
        </Typography.Text>
      ),
    },
    { key: 'amount', title: t('store.order.amount'), render: (_, order) => formatPrice(order.amount) },
    {
      key: 'status',
      title: t('store.order.state'),
      render: (_, order) => <OrderStatusTag status={order.status} refundState={order.refundState} />,
    },
    {
      key: 'time',
      title: t('store.order.createTime'),
      responsive: ['sm'],
      render: (_, order) => formatDateTime(order.createTime),
    },
  ];
  return (
    <>
      <Table<Order>
        rowKey="orderId"
        size="middle"
        columns={columns}
        dataSource={data?.list ?? []}
        loading={loading}
        locale={{ emptyText: empty }}
        pagination={{
          current: page.pageNum,
          pageSize: page.pageSize,
          total: data?.total ?? 0,
          showSizeChanger: true,
          showTotal: totalText,
          onChange: (pageNum, pageSize) => onPage({ pageNum, pageSize }),
        }}
      />
      <OrderDetailDrawer order={open} onClose={() => setOpen(null)} itemAction={itemAction} />
    </>
  );
};
