import { render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { barOption, EChart } from './echart.tsx';
// ECharts imported with the file, as a browser has it cached when the chart asks: a cold import is
// slow, and belongs to the file's import time, not to a test's wait.
import './echarts-setup.ts';

describe('EChart', () => {
  it('draws the option with ECharts (loaded on demand) and gives the figures as a table', async () => {
    const { container, unmount } = render(
      <EChart
        caption="每周完成数"
        summary="共 9 次"
        option={barOption(['一', '二', '三'], [2, 0, 7], { color: '#1677ff', name: '完成数' })}
        table={{
          columns: ['周', '完成数'],
          rows: [
            ['一', 2],
            ['二', 0],
            ['三', 7],
          ],
        }}
      />,
    );
    const plot = screen.getByRole('img', { name: '共 9 次' });
    await waitFor(() => expect(plot.querySelector('svg')).not.toBeNull());
    const texts = [...plot.querySelectorAll('svg text')].map((t) => t.textContent);
    // Each bar's figure on top of it (jsdom has no width, so the axis' labels are left out).
    expect(texts).toEqual(expect.arrayContaining(['2', '0', '7']));
    const table = screen.getByRole('table', { name: '每周完成数' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['周完成数', '一2', '二0', '三7']);
    expect(table.classList.contains('sr-only')).toBe(true);
    unmount();
    expect(container.querySelector('svg')).toBeNull();
  });
});
