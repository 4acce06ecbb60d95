import type { RefundStatus } from '@studio/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<RefundStatus, string> = {
  requested: 'orange',
  refused: 'default',
  processing: 'blue',
  refunded: 'green',
};

/** A refund's status as a coloured tag: 待处理, 已拒绝, 退款中, 已退款. */
export const RefundStatusTag = ({ status }: { status: RefundStatus }) => {
  const { t } = useTranslation();
  return (
    <Tag color={COLORS[status]} style={{ marginInlineEnd: 0 }}>
      {t(`store.refund.status.${status}`)}
    </Tag>
  );
};
