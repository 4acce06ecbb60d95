import type { EChartsCoreOption, EChartsType } from 'echarts/core';
import { useEffect, useRef } from 'react';
import { ChartTable, type ChartTableProps } from './chart-table.tsx';
import './echart.css';

export type EChartProps = {
  /** The chart's title, shown above it. */
  caption: string;
  /** One sentence of what it shows: the drawing's accessible name. */
  summary: string;
  option: EChartsCoreOption;
  /** The same figures as a table for screen readers. */
  table: Omit<ChartTableProps, 'caption'>;
  height?: number;
};

/**
 * One ECharts chart: ECharts is fetched on the first chart a page draws (a dynamic import, so no
 * page without a chart loads it), kept to the container's width, disposed with the component. The
 * drawing is one image named by `summary`; the figures are in a table screen readers read.
 */
export const EChart = ({ caption, summary, option, table, height = 220 }: EChartProps) => {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  const latest = useRef(option);

  // Declared first, so it runs before the set-up below: the chart, once loaded, draws the latest option.
  useEffect(() => {
    latest.current = option;
    chart.current?.setOption(option, true);
  }, [option]);

  useEffect(() => {
    let gone = false;
    let observer: ResizeObserver | undefined;
    void import('./echarts-setup.ts').then(({ echarts }) => {
      if (gone || !box.current) return;
      chart.current = echarts.init(box.current, null, { renderer: 'svg', height });
      chart.current.setOption(latest.current);
      // jsdom has no ResizeObserver; a browser resizes the chart with its card.
      if (typeof ResizeObserver !== 'undefined') {
        observer = new ResizeObserver(() => chart.current?.resize());
        observer.observe(box.current);
      }
    });
    return () => {
      gone = true;
      observer?.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
  }, [height]);

  return (
    <figure className="echart">
      <figcaption className="echart-caption">{caption}</figcaption>
      <div ref={box} className="echart-plot" style={{ height }} role="img" aria-label={summary} />
      <ChartTable caption={caption} {...table} />
    </figure>
  );
};

/** A bar chart's option: categories along the bottom, one series, the figure on each bar. */
export const barOption = (
  categories: string[],
  values: number[],
  o: { color: string; name: string; format?: (v: number) => string },
): EChartsCoreOption => ({
  color: [o.color],
  // ECharts 6 keeps the axis labels inside the grid by default (outerBounds), no containLabel.
  grid: { left: 8, right: 8, top: 24, bottom: 8 },
  tooltip: { trigger: 'axis', valueFormatter: o.format },
  xAxis: { type: 'category', data: categories, axisTick: { alignWithLabel: true } },
  yAxis: { type: 'value', minInterval: 1, axisLabel: o.format ? { formatter: o.format } : undefined },
  series: [
    {
      type: 'bar',
      name: o.name,
      data: values,
      barMaxWidth: 32,
      label: {
        show: true,
        position: 'top',
        formatter: o.format ? ({ value }: { value: number }) => o.format!(value) : undefined,
      },
    },
  ],
});
