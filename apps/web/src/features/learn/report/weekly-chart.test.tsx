import { render, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n/index.ts';
import { reportWeeks } from '../../../test/learn-fixtures.ts';
import { TestProviders } from '../../../test/test-providers.tsx';
import { WeeklyChart } from './weekly-chart.tsx';
// ECharts imported with the file, as a browser has it cached when the chart asks (a cold import is slow).
import '../../../components/chart/echarts-setup.ts';

const COMPLETIONS = [0, 1, 0, 3, 2, 0, 0, 6, 1, 0, 4, 2];

beforeAll(async () => {
  await i18n.changeLanguage('zh-CN');
});

const show = () =>
  render(
    <TestProviders>
      <WeeklyChart weekly={reportWeeks(COMPLETIONS)} />
    </TestProviders>,
  );

describe('WeeklyChart (courses completed per week)', () => {
  it('draws 12 bars through ECharts, each with its figure', async () => {
    show();
    const plot = screen.getByRole('img', { name: '近 12 周共学完 19 门课程' });
    await waitFor(() => expect(plot.querySelectorAll('svg text').length).toBeGreaterThanOrEqual(12));
    const figures = [...plot.querySelectorAll('svg text')].map((t) => t.textContent);
    expect(figures.slice(0, 12)).toEqual(COMPLETIONS.map(String));
  });

  it('gives screen readers a summary and every week as a table', () => {
    show();
    expect(screen.getByRole('img', { name: '近 12 周共学完 19 门课程' })).toBeTruthy();
    const table = screen.getByRole('table', { name: '每周学完的课程数' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(12);
    expect(rows.map((r) => r.textContent)).toEqual(
      reportWeeks(COMPLETIONS).map((w) => `${w.week} 当周${w.completions}`),
    );
  });
});
