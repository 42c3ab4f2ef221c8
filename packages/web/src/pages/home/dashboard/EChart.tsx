import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { init, use, type ECharts } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

// Only what the dashboard draws: the full `echarts` bundle is several times larger.
use([PieChart, BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

interface Props {
  option: Record<string, unknown>;
  /** Called with the clicked data item's drill-down address. */
  onDrill(href: string): void;
  /** The text alternative (every number of the chart). */
  label: string;
  height?: number;
  testId?: string;
}

/** One ECharts instance on a canvas; resized with its box, disposed on unmount. */
export function EChart({ option, onDrill, label, height = 260, testId }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);
  const drill = useRef(onDrill);
  drill.current = onDrill;

  useEffect(() => {
    const c = init(box.current!, undefined, { renderer: 'canvas' });
    c.on('click', (p) => {
      const href = (p.data as { href?: string | null } | undefined)?.href;
      if (href) drill.current(href);
    });
    chart.current = c;
    const ro = new ResizeObserver(() => c.resize());
    ro.observe(box.current!);
    return () => {
      ro.disconnect();
      c.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option, true);
  }, [option]);

  return <div ref={box} role="img" aria-label={label} data-testid={testId} style={{ height, width: '100%', cursor: 'pointer' }} />;
}
