import { Card, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WebPaths } from '@studio/contract/constants';
import { ExportButtons } from '../../../components/export-buttons.tsx';
import { QueryView } from '../../../components/query-view.tsx';
import { OrdersTable } from '../../store/orders/orders-table.tsx';
import type { PageQuery } from '@studio/contract';
import { storeApi, useTeamPurchases } from '../../store/store-api.ts';
import { StoreEmpty } from '../../store/store-empty.tsx';
import { LinkButton } from '../../store/link-button.tsx';

/** 团队购买记录 (OWNER/ADMIN): the team's paid orders, whoever of its members bought. */
export const TeamPurchasesCard = () => {
  const { t } = useTranslation();
  const [page, setPage] = useState<PageQuery>({ pageNum: 1, pageSize: 10 });
  const purchases = useTeamPurchases(page);

  const body = (
    <QueryView
      query={purchases}
      loading={<Skeleton active paragraph={{ rows: 4 }} />}
      errorTitle={t('store.purchases.loadFailed')}
      errorReason
    >
      {(data) => (
        <OrdersTable
          data={data}
          loading={purchases.isFetching}
          page={page}
          onPage={setPage}
          totalText={(count) => t('store.purchases.total', { count })}
          empty={
            <StoreEmpty title={t('store.purchases.empty')} desc={t('store.purchases.emptyDesc')}>
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
      title={<h2 style={{ fontSize: 16, margin: 0 }}>{t('store.purchases.title')}</h2>}
      extra={
        purchases.data && purchases.data.total > 0 ? (
          <ExportButtons name={t('store.purchases.file')} download={storeApi.teamPurchasesFile} />
        ) : null
      }
    >
      {body}
    </Card>
  );
};
