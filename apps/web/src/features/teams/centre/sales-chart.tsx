import type { TeamSales } from '@studio/contract';
import { theme } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { barOption, EChart } from '../../../components/chart/echart.tsx';
import { formatPrice } from '../../../lib/format.ts';

/** "2025-03-07" → "03-07" for the axis. */
const shortDate = (date: string): string => date.slice(5);

/**
 * Daily revenue as bars (ECharts, loaded with the chart): the exact figures on hover, and every
 * day's orders and revenue in a table for screen readers.
 */
export const SalesChart = ({ series }: { series: TeamSales['series'] }) => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const total = series.reduce((sum, p) => sum + p.revenue, 0);
  const option = useMemo(
    () =>
      barOption(
        series.map((p) => shortDate(p.date)),
        series.map((p) => p.revenue),
        { color: token.colorPrimary, name: t('store.sales.revenue'), format: formatPrice },
      ),
    [series, token.colorPrimary, t],
  );
  return (
    <EChart
      caption={t('store.sales.chart')}
      summary={t('store.sales.chartLabel', { revenue: formatPrice(total) })}
      option={option}
      height={200}
      table={{
        columns: [t('store.sales.date'), t('store.sales.orders'), t('store.sales.revenue')],
        rows: series.map((p) => [p.date, p.orders, formatPrice(p.revenue)]),
      }}
    />
  );
};
