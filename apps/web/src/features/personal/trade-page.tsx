import { Button, Card, Flex, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { WebPaths } from '@studio/contract/constants';
import { QueryView } from '../../components/query-view.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { LinkButton } from '../store/link-button.tsx';
import { useOrder, useOrders } from '../store/order-api.ts';
import { OrdersTable } from '../store/orders/orders-table.tsx';
import type { Order, PageQuery } from '@studio/contract';
import { useSession } from '../../lib/session-store.ts';
import { useTeamWritable } from '../../lib/current-team.ts';
import { RefundRequestModal } from '../store/refunds/refund-request-modal.tsx';
import { RefundsCard } from '../store/refunds/refunds-card.tsx';
import { InvoicesCard } from '../store/invoices/invoices-card.tsx';
import { StoreEmpty } from '../store/store-empty.tsx';

type Item = Order['items'][number];

/**
 * /personal/trade (交易信息): the user's orders in every team, newest first, with order details
 * (`?orderId=` opens one: a refusal that names an order links here); an OWNER/ADMIN of the current
 * team asks there (in the order's details) for a refund of a course the team paid for or for an
 * invoice, and sees the team's refund requests (automatic ones too) and invoices. A line with a
 * refund open or done offers nothing more.
 */
export const TradePage = () => {
  const { t } = useTranslation();
  useDocumentTitle(t('store.trade.title'));
  const [page, setPage] = useState<PageQuery>({ pageNum: 1, pageSize: 10 });
  const orders = useOrders(page);
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('orderId'));
  const openId = Number.isInteger(asked) && asked > 0 ? asked : null;
  const inPage = orders.data?.list.some((o) => o.orderId === openId) ?? false;
  const opened = useOrder(openId !== null && !inPage && orders.isSuccess ? openId : null);
  const onOpen = (orderId: number | null) =>
    setParams(orderId === null ? {} : { orderId: String(orderId) }, { replace: true });
  const lastTeam = useSession((s) => s.user?.lastTeam ?? null);
  const writable = useTeamWritable();
  const [asking, setAsking] = useState<{ order: Order; item: Item } | null>(null);
  const manages = lastTeam?.abilities.manage === true;
  // A free course has nothing to give back (the server answers 40106 for one).
  const itemAction = (order: Order, item: Item) =>
    manages &&
    order.status === 'paid' &&
    order.teamId === lastTeam?.teamId &&
    item.price > 0 &&
    (item.refundStatus === null || item.refundStatus === 'refused') ? (
      <Button
        size="small"
        disabled={!writable}
        onClick={() => setAsking({ order, item })}
        aria-label={t('store.refund.applyAction', { title: item.title })}
      >
        {t('store.refund.apply')}
      </Button>
    ) : null;

  const body = (
    <QueryView
      query={orders}
      loading={<Skeleton active paragraph={{ rows: 5 }} />}
      errorTitle={t('store.trade.loadFailed')}
    >
      {(data) => (
        <OrdersTable
          data={data}
          loading={orders.isFetching}
          page={page}
          onPage={setPage}
          totalText={(count) => t('store.trade.total', { count })}
          itemAction={itemAction}
          openId={openId}
          openOrder={opened.data ?? null}
          onOpen={onOpen}
          empty={
            <StoreEmpty title={t('store.trade.empty')} desc={t('store.trade.emptyDesc')}>
              <LinkButton to={WebPaths.storeList} type="primary">
                {t('store.cart.goStore')}
              </LinkButton>
            </StoreEmpty>
          }
        />
      )}
    </QueryView>
  );

  return (
    <Flex vertical gap={16}>
      <Card
        title={
          <div style={{ paddingBlock: 12 }}>
            <h1 style={{ fontSize: 18, margin: 0 }}>{t('store.trade.title')}</h1>
            <Typography.Text type="secondary" style={{ fontWeight: 'normal', whiteSpace: 'normal' }}>
              {t('store.trade.desc')}
            </Typography.Text>
          </div>
        }
      >
        {body}
      </Card>
      {manages && <RefundsCard side="buyer" />}
      {manages && <InvoicesCard side="buyer" />}
      {asking && (
        <RefundRequestModal order={asking.order} item={asking.item} onClose={() => setAsking(null)} />
      )}
    </Flex>
  );
};
