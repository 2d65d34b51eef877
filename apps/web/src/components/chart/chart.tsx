import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { ChartProps, ChartSpec } from './chart-spec.ts';

export type { ChartProps, ChartSpec } from './chart-spec.ts';

// Fetched once, as soon as a page with charts loads (Início, Análises), so chart.js comes while the page asks for its
// figures instead of after they arrive. /login never loads this module.
const drawing = import('./draw-chart.ts');

/** Which theme is on: a change (the header's sun/moon) re-draws the charts in the new colours. */
function useThemeName() {
  const [theme, setTheme] = useState(() => document.documentElement.getAttribute('data-theme'));
  useEffect(() => {
    const observer = new MutationObserver(() =>
      setTheme(document.documentElement.getAttribute('data-theme')),
    );
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    return () => observer.disconnect();
  }, []);
  return theme;
}

/**
 * A chart on a canvas that fills its sized box (phones included). chart.js comes in its own chunk the first time a
 * chart is drawn; drawn at once (no animation), the box then says `data-drawn="true"`, the state tests and the bench
 * wait for.
 */
export function ChartView({ spec, label, testId, height = 'h-64' }: ChartProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [drawn, setDrawn] = useState(false);
  const theme = useThemeName();
  const specText = JSON.stringify(spec);
  useEffect(() => {
    let destroy: (() => void) | undefined;
    let gone = false;
    void drawing.then(({ drawChart }) => {
      if (gone || !canvas.current) return;
      destroy = drawChart(canvas.current, JSON.parse(specText) as ChartSpec);
      setDrawn(true);
    });
    return () => {
      gone = true;
      destroy?.();
      setDrawn(false);
    };
  }, [specText, theme]);
  return (
    <div className={`relative w-full ${height}`} data-testid={testId} data-drawn={drawn ? 'true' : 'false'}>
      <canvas ref={canvas} role="img" aria-label={label} />
    </div>
  );
}

/**
 * A chart with what makes it readable without seeing it: a sentence that says what it shows and its figures as a
 * table ("Ver tabela", in the page for screen readers and to copy from).
 */
export function ChartFigure({
  summary,
  table,
  openTable = false,
  summaryTestId,
  ...chart
}: ChartProps & { summary: ReactNode; table: ReactNode; openTable?: boolean; summaryTestId?: string }) {
  return (
    // daisyUI centres a card's figure: this one reads from the left, its table under the chart
    <figure className="flex min-w-0 flex-col items-stretch justify-start gap-2 text-left">
      <ChartView {...chart} />
      <figcaption className="text-sm" data-testid={summaryTestId}>
        {summary}
      </figcaption>
      <details open={openTable}>
        <summary className="cursor-pointer text-sm font-medium">Ver tabela</summary>
        <div className="mt-2">{table}</div>
      </details>
    </figure>
  );
}
