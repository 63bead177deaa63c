import { useEffect, useRef } from 'react';
import * as echarts from 'echarts/core';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { toneValue } from '../market/quoteFormat';
import type { ComposeOption } from 'echarts/core';
import type { BarSeriesOption, LineSeriesOption, PieSeriesOption } from 'echarts/charts';
import type { GridComponentOption, LegendComponentOption, TooltipComponentOption } from 'echarts/components';

// only what the analysis and daily-close pages draw (issue 25: `echarts/core`, not the whole library); this module is
// loaded with those pages' chunks
echarts.use([LineChart, BarChart, PieChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

export type ChartOption = ComposeOption<
  LineSeriesOption | BarSeriesOption | PieSeriesOption | GridComponentOption | TooltipComponentOption | LegendComponentOption
>;

/**
 * A bar of a signed amount (a decimal string): its length, and red for a gain or green for a loss — the market's
 * colours in both languages. The length is the only float.
 */
export const toneBar = (amount: string) => ({
  value: Number(amount),
  itemStyle: { color: toneValue(amount.startsWith('-') ? 'down' : 'up') },
});

/** One ECharts instance in a box: drawn on mount, redrawn with each new option, resized with its box, disposed on unmount. */
export function Chart({ option, height = 300, testId }: { option: ChartOption; height?: number; testId?: string }) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  useEffect(() => {
    const el = box.current!;
    const c = echarts.init(el);
    chart.current = c;
    const ro = new ResizeObserver(() => c.resize());
    ro.observe(el);
    return () => {
      ro.disconnect();
      c.dispose();
      chart.current = null;
    };
  }, []);
  useEffect(() => {
    // asked for less motion (issue 65): the series are drawn at once, not grown
    const still = !!window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    chart.current?.setOption(still ? { ...option, animation: false } : option, { notMerge: true });
  }, [option]);
  return <div ref={box} style={{ width: '100%', height }} data-testid={testId} />;
}
