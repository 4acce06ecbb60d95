import type { Order } from '@studio/contract';
import { Descriptions, Drawer, Flex } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { WebPaths } from '@studio/contract/constants';
import { formatDateTime } from '../../../lib/format.ts';
import { LinkButton } from '../link-button.tsx';
import { formatPrice } from '../../../lib/format.ts';
import { InvoiceRequest } from './invoice-request.tsx';
import { OrderItems } from './order-items.tsx';
import { CancelOrderButton } from './cancel-order-button.tsx';
import { OrderStatusTag } from './order-status-tag.tsx';

/** 订单详情: every field of one order, its courses with their refunds, and 去支付 / 取消订单 while it is pending. */
export const OrderDetailDrawer = ({
  order,
  onClose,
  itemAction,
}: {
  order: Order | null;
  onClose: () => void;
  itemAction?: (order: Order, item: Order['items'][number]) => ReactNode;
}) => {
  const { t, i18n } = useTranslation();
  // An order paid through a provider this build does not name shows the provider's own name.
  const methodName = (provider: string) =>
    i18n.exists(`store.pay.methods.${provider}`)
      ? t(`store.pay.methods.${provider}` as 'store.pay.methods.wechat')
      : provider;
  return (
    <Drawer
      open={order !== null}
      onClose={onClose}
      title={t('store.order.detail')}
      size={480}
      styles={{ wrapper: { maxWidth: '100vw' } }}
      destroyOnHidden
    >
      {order && (
        <Flex vertical gap={16}>
          <Descriptions
            column={1}
            size="small"
            bordered
            items={[
              { key: 'no', label: t('store.order.orderNo'), children: order.orderNo },
              {
                key: 'status',
                label: t('store.order.state'),
                children: <OrderStatusTag status={order.status} refundState={order.refundState} />,
              },
              { key: 'amount', label: t('store.order.amount'), children: formatPrice(order.amount) },
              ...(order.couponCode
                ? [
                    {
                      key: 'coupon',
                      label: t('store.order.coupon'),
                      children: t('store.order.couponText', {
                        code: order.couponCode,
                        amount: formatPrice(order.discount),
                      }),
                    },
                  ]
                : []),
              { key: 'team', label: t('store.order.team'), children: order.teamName },
              {
                key: 'created',
                label: t('store.order.createTime'),
                children: formatDateTime(order.createTime),
              },
              ...(order.payTime !== null
                ? [
                    { key: 'paid', label: t('store.order.payTime'), children: formatDateTime(order.payTime) },
                    { key: 'method', label: t('store.pay.method'), children: methodName(order.provider) },
                  ]
                : [
                    {
                      key: 'expire',
                      label: t('store.order.expireTime'),
                      children: formatDateTime(order.expireTime),
                    },
                  ]),
            ]}
          />
          <div>
            <h3 style={{ fontSize: 15, margin: '0 0 4px' }}>{t('store.order.items')}</h3>
            <OrderItems items={order.items} action={itemAction && ((item) => itemAction(order, item))} />
          </div>
          <InvoiceRequest order={order} />
          {order.status === 'pending' && (
            <LinkButton to={WebPaths.storePay(order.orderId)} type="primary" danger block>
              {t('store.order.goPay')}
            </LinkButton>
          )}
          <CancelOrderButton order={order} block />
        </Flex>
      )}
    </Drawer>
  );
};
