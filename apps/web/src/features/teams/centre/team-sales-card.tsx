import type { TeamSales } from '@studio/contract';
import { Card, Col, Empty, Flex, Row, Skeleton, Statistic, Table } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { WebPaths } from '@studio/contract/constants';
import { ExportButtons } from '../../../components/export-buttons.tsx';
import { QueryView } from '../../../components/query-view.tsx';
import { formatPrice } from '../../../lib/format.ts';
import { storeApi, useTeamSales } from '../../store/store-api.ts';

// The chart is its own chunk: the team centre's first paint does not wait for it.
const SalesChart = lazy(() => import('./sales-chart.tsx').then((m) => ({ default: m.SalesChart })));

type CourseSales = TeamSales['courses'][number];

/** 课程销售 (OWNER/ADMIN): orders, revenue and buying teams of the last 30 days, a daily chart, per course. */
export const TeamSalesCard = () => {
  const { t } = useTranslation();
  const sales = useTeamSales(30);

  const body = (
    <QueryView
      query={sales}
      loading={<Skeleton active paragraph={{ rows: 5 }} />}
      errorTitle={t('store.sales.loadFailed')}
      errorReason
      errorOverData
    >
      {(data) => (
        <Flex vertical gap={20}>
          <Row gutter={[16, 16]}>
            <Col xs={8}>
              <Statistic title={t('store.sales.orders')} value={data.orders} />
            </Col>
            <Col xs={8}>
              <Statistic title={t('store.sales.revenue')} value={formatPrice(data.revenue)} />
            </Col>
            <Col xs={8}>
              <Statistic title={t('store.sales.buyers')} value={data.buyers} />
            </Col>
          </Row>
          {data.orders === 0 ? (
            <Empty description={t('store.sales.empty')} />
          ) : (
            <>
              <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: 180 }} />}>
                <SalesChart series={data.series} />
              </Suspense>
              <ExportButtons
                name={t('store.sales.file')}
                download={(format) => storeApi.teamSalesFile(30, format)}
              />
              <Table<CourseSales>
                rowKey="courseId"
                size="small"
                pagination={false}
                dataSource={data.courses}
                columns={[
                  {
                    key: 'title',
                    title: t('store.sales.course'),
                    render: (_, c) => <Link to={WebPaths.storePreview(c.courseId)}>{c.title}</Link>,
                  },
                  { key: 'sales', title: t('store.sales.sales'), dataIndex: 'sales', align: 'right' },
                  {
                    key: 'revenue',
                    title: t('store.sales.revenue'),
                    align: 'right',
                    render: (_, c) => formatPrice(c.revenue),
                  },
                ]}
              />
            </>
          )}
        </Flex>
      )}
    </QueryView>
  );

  return (
    <Card
      title={<h2 style={{ fontSize: 16, margin: 0 }}>{t('store.sales.title')}</h2>}
      extra={t('store.sales.range')}
    >
      {body}
    </Card>
  );
};
