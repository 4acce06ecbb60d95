import type { Order } from '@studio/contract';
import { Flex, List, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { WebPaths } from '@studio/contract/constants';
import { formatPrice } from '../../../lib/format.ts';

const LINE_COLORS = { requested: 'orange', processing: 'blue', refunded: 'default' } as const;

/**
 * The courses of an order, each linking to its buy page, with the version and price bought, its
 * refund (退款待处理, 退款中, 已退款; 自动退款 when the server made it), and what may be done with the
 * line (申请退款) when the caller says.
 */
export const OrderItems = ({
  items,
  action,
}: {
  items: Order['items'];
  action?: (item: Order['items'][number]) => ReactNode;
}) => {
  const { t } = useTranslation();
  return (
    <List
      size="small"
      dataSource={items}
      rowKey="courseId"
      renderItem={(item) => (
        <List.Item>
          <Flex justify="space-between" gap={12} style={{ width: '100%', minWidth: 0 }}>
            <Typography.Text ellipsis style={{ minWidth: 0 }}>
              <Link to={WebPaths.storePreview(item.courseId)}>{item.title}</Link>{' '}
              <Typography.Text type="secondary">
                {t('store.course.version', { no: item.versionNo })}
              </Typography.Text>
            </Typography.Text>
            <Flex gap={8} align="center" style={{ flex: 'none' }}>
              <span>{formatPrice(item.price)}</span>
              {item.refundStatus && item.refundStatus !== 'refused' && (
                <Tag color={LINE_COLORS[item.refundStatus]} style={{ marginInlineEnd: 0 }}>
                  {item.refundAutomatic
                    ? `${t('store.order.automaticRefund')} · ${t(`store.order.lineRefund.${item.refundStatus}`)}`
                    : t(`store.order.lineRefund.${item.refundStatus}`)}
                </Tag>
              )}
              {action?.(item)}
            </Flex>
          </Flex>
        </List.Item>
      )}
    />
  );
};
