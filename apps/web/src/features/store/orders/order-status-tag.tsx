import type { OrderStatus } from '@studio/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<OrderStatus, string> = {
  pending: 'orange',
  paid: 'green',
  expired: 'default',
  closed: 'default',
};

/** An order's status as a coloured tag: 待支付, 已支付, 已过期, 已关闭. */
export const OrderStatusTag = ({ status }: { status: OrderStatus }) => {
  const { t } = useTranslation();
  return (
    <Tag color={COLORS[status]} style={{ marginInlineEnd: 0 }}>
      {t(`store.order.status.${status}`)}
    </Tag>
  );
};
