import type { Order } from '@studio/contract';
import { Flex, List, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { WebPaths } from '@studio/contract/constants';
import { formatPrice } from '../../../lib/format.ts';

/**
 * The courses of an order, each linking to its buy page, with the version and price bought, and
 * what may be done with the line (申请退款) when the caller says.
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
              {action?.(item)}
            </Flex>
          </Flex>
        </List.Item>
      )}
    />
  );
};
