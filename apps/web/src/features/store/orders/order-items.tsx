import type { Order } from '@studio/contract';
import { Flex, List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { WebPaths } from '@studio/contract/constants';
import { formatPrice } from '../../../lib/format.ts';

/** The courses of an order, each linking to its buy page, with the version and price bought. */
export const OrderItems = ({ items }: { items: Order['items'] }) => {
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
            <span style={{ flex: 'none' }}>{formatPrice(item.price)}</span>
          </Flex>
        </List.Item>
      )}
    />
  );
};
