import { render, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n/index.ts';
import { TestProviders } from '../../../test/test-providers.tsx';
import { SalesChart } from './sales-chart.tsx';
// ECharts imported with the file, as a browser has it cached when the chart asks (a cold import is slow).
import '../../../components/chart/echarts-setup.ts';

beforeAll(async () => {
  await i18n.changeLanguage('zh-CN');
});

const series = [
  { date: '2026-11-27', orders: 0, revenue: 0 },
  { date: '2026-11-28', orders: 2, revenue: 1980 },
  { date: '2026-11-29', orders: 1, revenue: 4900 },
];

describe('SalesChart (daily revenue)', () => {
  it('draws a bar a day through ECharts and gives every day as a table', async () => {
    render(
      <TestProviders>
        <SalesChart series={series} />
      </TestProviders>,
    );
    const plot = screen.getByRole('img', { name: '近 30 天每日销售额柱状图，合计 ¥68.80' });
    await waitFor(() => expect(plot.querySelectorAll('svg text').length).toBeGreaterThanOrEqual(3));
    const table = screen.getByRole('table', { name: '近 30 天每日销售额' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['日期订单数销售额', '2026-11-270¥0.00', '2026-11-282¥19.80', '2026-11-291¥49.00']);
  });
});
