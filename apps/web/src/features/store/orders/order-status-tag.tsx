import type { Order, OrderRefundState, OrderStatus } from '@studio/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<OrderStatus, string> = {
  pending: 'orange',
  paid: 'green',
  expired: 'default',
  closed: 'default',
  cancelled: 'default',
};
const REFUND_COLORS: Record<OrderRefundState, string> = {
  refunding: 'blue',
  refunded: 'default',
  partial: 'gold',
};

/**
 * An order's status as a coloured tag: 待支付, 已支付, 已过期, 已关闭, 已取消; a paid order with refunds
 * reads as them (退款中, 已退款, 部分退款), never as plain 已支付.
 */
export const OrderStatusTag = ({
  status,
  refundState = null,
}: {
  status: OrderStatus;
  refundState?: Order['refundState'];
}) => {
  const { t } = useTranslation();
  if (status === 'paid' && refundState)
    return (
      <Tag color={REFUND_COLORS[refundState]} style={{ marginInlineEnd: 0 }}>
        {t(`store.order.refundState.${refundState}`)}
      </Tag>
    );
  return (
    <Tag color={COLORS[status]} style={{ marginInlineEnd: 0 }}>
      {t(`store.order.status.${status}`)}
    </Tag>
  );
};
