import type { LearnReport } from '@studio/contract';
import { theme } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { barOption, EChart } from '../../../components/chart/echart.tsx';

type Week = LearnReport['weekly'][number];

/** "2025-03-03" → "03-03" under its bar. */
const shortDate = (week: string): string => week.slice(5);

/**
 * Courses completed per week as bars (ECharts, loaded with the chart). The drawing is one image
 * with a summary for screen readers; the figures of every week are also in a table they read.
 */
export const WeeklyChart = ({ weekly }: { weekly: Week[] }) => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const total = weekly.reduce((sum, w) => sum + w.completions, 0);
  const option = useMemo(
    () =>
      barOption(
        weekly.map((w) => shortDate(w.week)),
        weekly.map((w) => w.completions),
        { color: token.colorPrimary, name: t('learn.report.chart.completions') },
      ),
    [weekly, token.colorPrimary, t],
  );
  return (
    <EChart
      caption={t('learn.report.chart.title')}
      summary={t('learn.report.chart.summary', { weeks: weekly.length, count: total })}
      option={option}
      height={176}
      table={{
        columns: [t('learn.report.chart.week'), t('learn.report.chart.completions')],
        rows: weekly.map((w) => [t('learn.report.chart.weekOf', { date: w.week }), w.completions]),
      }}
    />
  );
};
