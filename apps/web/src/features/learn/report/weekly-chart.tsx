import type { LearnReport } from '@studio/contract';
import { useTranslation } from 'react-i18next';
import './learn-report.css';

type Week = LearnReport['weekly'][number];

/** "2025-03-03" → "03-03" under its bar. */
const shortDate = (week: string): string => week.slice(5);

// Heights in px; x positions in percent so the bars stretch with the card while the text stays legible.
const HEIGHT = 176;
const TOP = 20; // room for the figure above the tallest bar
const BASELINE = 146;
const LABEL_Y = 166;
const ZERO_BAR = 2;

/**
 * Courses completed per week as an SVG bar chart of our own (a chart library would weigh more than
 * the whole page). The drawing is one image with a summary for screen readers; the figures of every
 * week are also in a table only screen readers see.
 */
export const WeeklyChart = ({ weekly }: { weekly: Week[] }) => {
  const { t } = useTranslation();
  const max = Math.max(1, ...weekly.map((w) => w.completions));
  const total = weekly.reduce((sum, w) => sum + w.completions, 0);
  const slot = 100 / Math.max(1, weekly.length);
  const summary = t('learn.report.chart.summary', { weeks: weekly.length, count: total });
  return (
    <figure className="weekly-chart">
      <figcaption className="weekly-chart-caption">
        {t('learn.report.chart.title')}
        <span className="weekly-chart-summary" aria-hidden>
          {summary}
        </span>
      </figcaption>
      <svg className="weekly-chart-plot" width="100%" height={HEIGHT} role="img" aria-label={summary}>
        <line className="weekly-chart-axis" x1="0" x2="100%" y1={BASELINE + 0.5} y2={BASELINE + 0.5} />
        {weekly.map((w, i) => {
          const height = w.completions > 0 ? ((BASELINE - TOP) * w.completions) / max : ZERO_BAR;
          const center = `${(i + 0.5) * slot}%`;
          return (
            <g key={w.week}>
              <title>{t('learn.report.chart.bar', { date: w.week, count: w.completions })}</title>
              <rect
                className={w.completions > 0 ? 'weekly-chart-bar' : 'weekly-chart-bar is-zero'}
                x={`${(i + 0.2) * slot}%`}
                width={`${slot * 0.6}%`}
                y={BASELINE - height}
                height={height}
                rx={3}
              />
              <text className="weekly-chart-value" x={center} y={BASELINE - height - 5} textAnchor="middle">
                {w.completions}
              </text>
              {/* Every other date is left out on phones (CSS), where twelve would run together. */}
              <text
                className={i % 2 === 1 ? 'weekly-chart-label is-odd' : 'weekly-chart-label'}
                x={center}
                y={LABEL_Y}
                textAnchor="middle"
              >
                {shortDate(w.week)}
              </text>
            </g>
          );
        })}
      </svg>
      <table className="sr-only">
        <caption>{t('learn.report.chart.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('learn.report.chart.week')}</th>
            <th scope="col">{t('learn.report.chart.completions')}</th>
          </tr>
        </thead>
        <tbody>
          {weekly.map((w) => (
            <tr key={w.week}>
              <th scope="row">{t('learn.report.chart.weekOf', { date: w.week })}</th>
              <td>{w.completions}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
};
