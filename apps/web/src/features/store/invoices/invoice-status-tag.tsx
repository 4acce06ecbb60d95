import type { InvoiceStatus } from '@studio/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<InvoiceStatus, string> = { requested: 'orange', issued: 'green' };

/** An invoice's status as a coloured tag: 待开具, 已开具. */
export const InvoiceStatusTag = ({ status }: { status: InvoiceStatus }) => {
  const { t } = useTranslation();
  return (
    <Tag color={COLORS[status]} style={{ marginInlineEnd: 0 }}>
      {t(`store.invoice.status.${status}`)}
    </Tag>
  );
};
