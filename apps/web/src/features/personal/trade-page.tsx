import { Card, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WebPaths } from '@studio/contract/constants';
import { QueryView } from '../../components/query-view.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { LinkButton } from '../store/link-button.tsx';
import { useOrders } from '../store/order-api.ts';
import { OrdersTable } from '../store/orders/orders-table.tsx';
import type { PageQuery } from '@studio/contract';
import { StoreEmpty } from '../store/store-empty.tsx';

/** /personal/trade (交易信息): the user's orders in every team, newest first, with order details. */
export const TradePage = () => {
  const { t } = useTranslation();
  useDocumentTitle(t('store.trade.title'));
  const [page, setPage] = useState<PageQuery>({ pageNum: 1, pageSize: 10 });
  const orders = useOrders(page);

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
  );
};
