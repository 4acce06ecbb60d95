import { render, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n/index.ts';
import { reportWeeks } from '../../../test/learn-fixtures.ts';
import { TestProviders } from '../../../test/test-providers.tsx';
import { WeeklyChart } from './weekly-chart.tsx';

const COMPLETIONS = [0, 1, 0, 3, 2, 0, 0, 6, 1, 0, 4, 2];

beforeAll(async () => {
  await i18n.changeLanguage('zh-CN');
});

const show = () => {
  const view = render(
    <TestProviders>
      <WeeklyChart weekly={reportWeeks(COMPLETIONS)} />
    </TestProviders>,
  );
  return view.container;
};

describe('WeeklyChart (courses completed per week)', () => {
  it('draws 12 bars, the tallest week at full height, each with its figure and its Monday', () => {
    const container = show();
    const bars = [...container.querySelectorAll('rect.weekly-chart-bar')];
    expect(bars).toHaveLength(12);
    const heights = bars.map((b) => Number(b.getAttribute('height')));
    // The highest week (6) fills the plot; 3 is half of it; a week without completions keeps a stub.
    expect(heights[7]).toBe(126);
    expect(heights[3]).toBe(63);
    expect(heights[0]).toBe(2);
    expect(bars[0]?.classList.contains('is-zero')).toBe(true);
    const figures = [...container.querySelectorAll('text.weekly-chart-value')].map((t) => t.textContent);
    expect(figures).toEqual(COMPLETIONS.map(String));
    const labels = [...container.querySelectorAll('text.weekly-chart-label')].map((t) => t.textContent);
    expect(labels[0]).toBe('01-06');
    expect(labels[11]).toBe('03-24');
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
