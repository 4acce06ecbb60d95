import { DeleteOutlined } from '@ant-design/icons';
import type { CartItem } from '@studio/contract';
import { Button, Checkbox, Flex, Popconfirm, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { WebPaths } from '@studio/contract/constants';
import { Picture } from '../../../components/picture.tsx';
import { priceLabel } from '../../../lib/format.ts';

/** One course in the cart: select, cover, title, team, price, remove (after confirming). */
export const CartItemRow = ({
  item,
  busy,
  onSelect,
  onRemove,
}: {
  item: CartItem;
  busy: boolean;
  onSelect: (selected: boolean) => void;
  onRemove: () => void;
}) => {
  const { t } = useTranslation();
  return (
    <Flex gap={12} align="center" style={{ width: '100%', minWidth: 0 }}>
      <Checkbox
        checked={item.selected && !item.owned}
        disabled={item.owned || busy}
        onChange={(e) => onSelect(e.target.checked)}
        aria-label={t('store.cart.select', { title: item.title })}
      />
      <Link to={WebPaths.storePreview(item.courseId)} style={{ flex: 'none' }} tabIndex={-1} aria-hidden>
        {item.cover ? (
          <Picture url={item.cover} size="sm" alt="" className="store-cover store-cart-thumb" />
        ) : (
          <div className="store-cover store-cover-empty store-cart-thumb" />
        )}
      </Link>
      <Flex vertical gap={2} style={{ flex: 1, minWidth: 0 }}>
        <Link to={WebPaths.storePreview(item.courseId)} style={{ fontWeight: 600 }}>
          <Typography.Paragraph ellipsis={{ rows: 2 }} style={{ color: 'inherit', margin: 0 }}>
            {item.title}
          </Typography.Paragraph>
        </Link>
        <Typography.Text type="secondary" ellipsis>
          {item.teamName} · {t('store.list.lessons', { count: item.lessonCount })}
        </Typography.Text>
        {item.owned && (
          <span>
            <Tag color="green">{t('store.cart.ownedTag')}</Tag>
            <Typography.Text type="secondary">{t('store.cart.ownedHint')}</Typography.Text>
          </span>
        )}
      </Flex>
      <span className="store-price" style={{ marginTop: 0, flex: 'none' }}>
        {priceLabel(item.price, t('store.price.free'))}
      </span>
      <Popconfirm
        title={t('store.cart.removeConfirm', { title: item.title })}
        okText={t('store.cart.removeOk')}
        cancelText={t('common.cancel')}
        okButtonProps={{ danger: true }}
        onConfirm={onRemove}
      >
        <Button
          type="text"
          danger
          icon={<DeleteOutlined aria-hidden />}
          aria-label={t('store.cart.removeLabel', { title: item.title })}
          title={t('store.cart.remove')}
        />
      </Popconfirm>
    </Flex>
  );
};
