/**
 * ECharts as the app uses it: the core, the bar chart (every chart of the app is one), the grid and
 * tooltip, drawn as SVG (crisp at any zoom, and light in a page with a few small charts). Imported
 * only by `echart.tsx` with a dynamic import, so its chunk (vite.config.ts keeps it out of the
 * shared one) loads with the first chart a page shows, never on the first load.
 */
import { BarChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';

echarts.use([BarChart, GridComponent, TooltipComponent, SVGRenderer]);

export { echarts };
