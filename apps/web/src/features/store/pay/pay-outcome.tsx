import { ReadOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import type { Order, OrderStatus } from '@studio/contract';
import { Button, Flex, Result } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { WebPaths } from '@studio/contract/constants';
import { formatPrice } from '../../../lib/format.ts';
import { LinkButton } from '../link-button.tsx';
import { orderApi } from '../order-api.ts';

/**
 * The end of paying: success with the bought courses; money paid back by the server (the team owned
 * the courses, or the order was cancelled) said so; or why the order can no longer be paid.
 */
export const PayOutcome = ({ order, view }: { order: Order; view: Exclude<OrderStatus, 'pending'> }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [rebuying, setRebuying] = useState(false);

  const refundedLines = order.items.filter((i) => i.refundAutomatic && i.refundStatus !== null);
  if (view === 'paid' && refundedLines.length > 0) {
    const amount = formatPrice(refundedLines.reduce((sum, i) => sum + i.price, 0));
    const done = refundedLines.every((i) => i.refundStatus === 'refunded');
    return (
      <Result
        status="info"
        title={done ? t('store.pay.autoRefunded') : t('store.pay.autoRefunding')}
        subTitle={
          done ? t('store.pay.autoRefundedDesc', { amount }) : t('store.pay.autoRefundingDesc', { amount })
        }
        extra={
          <LinkButton to={WebPaths.personalTradeOrder(order.orderId)} type="primary">
            {t('store.pay.myOrders')}
          </LinkButton>
        }
      />
    );
  }

  if (view === 'paid') {
    const [only] = order.items;
    return (
      <Result
        status="success"
        title={t('store.pay.paid')}
        subTitle={t('store.pay.paidDesc', { team: order.teamName })}
        extra={
          <Flex vertical gap={8} align="center">
            {/* One course opens in the player (at its first lesson for a new learner); several, 我的学习. */}
            {order.items.length === 1 && only ? (
              <LinkButton
                to={WebPaths.learnCourse(only.courseId)}
                type="primary"
                icon={<ReadOutlined aria-hidden />}
              >
                {t('store.pay.openCourse', { title: only.title })}
              </LinkButton>
            ) : (
              <LinkButton to={WebPaths.learn} type="primary" icon={<ReadOutlined aria-hidden />}>
                {t('learn.goLearn')}
              </LinkButton>
            )}
            <LinkButton to={WebPaths.personalTrade} type="link">
              {t('store.pay.myOrders')}
            </LinkButton>
          </Flex>
        }
      />
    );
  }

  // The checkout took the courses out of the cart; putting them back is one click.
  const rebuy = async () => {
    setRebuying(true);
    await Promise.allSettled(order.items.map((i) => orderApi.add(i.courseId, { silent: true })));
    await navigate(WebPaths.storeCart);
  };
  const expired = view === 'expired';
  const cancelled = view === 'cancelled';
  return (
    <Result
      status={expired ? 'warning' : 'info'}
      title={
        expired ? t('store.pay.expired') : cancelled ? t('store.pay.cancelledTitle') : t('store.pay.closed')
      }
      subTitle={
        expired
          ? t('store.pay.expiredDesc')
          : cancelled
            ? t('store.pay.cancelledDesc')
            : t('store.pay.closedDesc')
      }
      extra={
        <Flex gap={12} justify="center" wrap>
          <Button
            type="primary"
            icon={<ShoppingCartOutlined aria-hidden />}
            loading={rebuying}
            onClick={() => void rebuy()}
          >
            {t('store.pay.rebuy')}
          </Button>
          <LinkButton to={WebPaths.storeList}>{t('store.pay.backStore')}</LinkButton>
        </Flex>
      }
    />
  );
};
