import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { init, use, type ECharts } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef, useState } from 'react';

// Only what the dashboard draws: the full `echarts` bundle is several times larger.
use([PieChart, BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

interface Props {
  option: Record<string, unknown>;
  /** Adapts the option to the drawn width (labels that fit); called again when the width changes. */
  fit?: (option: Record<string, unknown>, width: number, height: number) => Record<string, unknown>;
  /** Called with the clicked data item's drill-down address. */
  onDrill(href: string): void;
  /** The text alternative (every number of the chart). */
  label: string;
  height?: number;
  testId?: string;
}

/** One ECharts instance on a canvas; resized with its box, disposed on unmount. */
export function EChart({ option, fit, onDrill, label, height = 260, testId }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);
  const drill = useRef(onDrill);
  drill.current = onDrill;
  // The width in 8 px steps: a resize redraws, a new layout only when labels could fit differently.
  const [width, setWidth] = useState(0);

  useEffect(() => {
    const c = init(box.current!, undefined, { renderer: 'canvas' });
    c.on('click', (p) => {
      const href = (p.data as { href?: string | null } | undefined)?.href;
      if (href) drill.current(href);
    });
    chart.current = c;
    const ro = new ResizeObserver(() => {
      c.resize();
      setWidth(Math.floor((box.current?.clientWidth ?? 0) / 8) * 8);
    });
    ro.observe(box.current!);
    return () => {
      ro.disconnect();
      c.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    if (fit && !width) return; // drawn once its width is known
    chart.current?.setOption(fit ? fit(option, width, height) : option, true);
  }, [option, fit, width, height]);

  return <div ref={box} role="img" aria-label={label} data-testid={testId} style={{ height, width: '100%', cursor: 'pointer' }} />;
}
