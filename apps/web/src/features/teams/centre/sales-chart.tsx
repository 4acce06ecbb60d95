import type { TeamSales } from '@studio/contract';
import { Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatPrice } from '../../../lib/format.ts';
import './sales-chart.css';

/** "2025-03-07" → "03-07" for the axis. */
const shortDate = (date: string): string => date.slice(5);

/**
 * Daily revenue as bars (our own few lines instead of a chart library): one bar per day, the
 * highest day at full height, a label every few days, the exact figures on hover.
 */
export const SalesChart = ({ series }: { series: TeamSales['series'] }) => {
  const { t } = useTranslation();
  const max = Math.max(1, ...series.map((p) => p.revenue));
  const total = series.reduce((sum, p) => sum + p.revenue, 0);
  const every = Math.max(1, Math.ceil(series.length / 5));
  return (
    <figure className="sales-chart">
      <figcaption className="sales-chart-caption">{t('store.sales.chart')}</figcaption>
      {/* Per-day figures show on hover; the table below the chart has them per course. */}
      <div
        className="sales-chart-plot"
        role="img"
        aria-label={t('store.sales.chartLabel', { revenue: formatPrice(total) })}
      >
        <span className="sales-chart-max" aria-hidden>
          {formatPrice(max)}
        </span>
        {series.map((point) => {
          const label = t('store.sales.point', {
            date: point.date,
            revenue: formatPrice(point.revenue),
            count: point.orders,
          });
          return (
            <Tooltip key={point.date} title={label}>
              <div className="sales-chart-col">
                <div
                  className={point.revenue > 0 ? 'sales-chart-bar' : 'sales-chart-bar sales-chart-zero'}
                  style={{ height: `${(point.revenue / max) * 100}%` }}
                />
              </div>
            </Tooltip>
          );
        })}
      </div>
      <div className="sales-chart-axis" aria-hidden>
        {series.map((point, i) => (
          <span key={point.date}>
            {i % every === 0 || i === series.length - 1 ? shortDate(point.date) : ''}
          </span>
        ))}
      </div>
    </figure>
  );
};
