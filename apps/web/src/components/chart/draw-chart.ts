import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LineController,
  LineElement,
  LinearScale,
  PointElement,
  Tooltip,
  type ChartConfiguration,
} from 'chart.js';
import { formatMoney } from '@armazem/contracts/money';
import type { ChartSpec } from './chart-spec.ts';

// The one module that loads chart.js, with only what our bar and line charts draw (tree-shaken). It imports nothing
// of the app but the contracts' money writer (no Preact), so its chunk stands alone: chart.tsx fetches it the first
// time a chart is drawn, on Início and Análises; /login never names it, and the chunks /login loads keep their shape.
Chart.register(
  BarController,
  BarElement,
  LineController,
  LineElement,
  PointElement,
  CategoryScale,
  LinearScale,
  Legend,
  Tooltip,
);

const SERIES_COLORS = ['primary', 'secondary', 'accent', 'info', 'success', 'warning', 'error', 'neutral'];

/**
 * A daisyUI colour of the current theme as rgb(): the variables hold oklch(), which a 1×1 canvas turns into the pixel
 * the browser would paint, so chart.js gets a colour it can read and lighten.
 */
function themeColor(name: string, probe: HTMLElement, pixel: CanvasRenderingContext2D): string {
  probe.style.color = `var(--color-${name})`;
  pixel.clearRect(0, 0, 1, 1);
  pixel.fillStyle = getComputedStyle(probe).color;
  pixel.fillRect(0, 0, 1, 1);
  const [r, g, b] = pixel.getImageData(0, 0, 1, 1).data;
  return `rgb(${r}, ${g}, ${b})`;
}

function themeColors(host: HTMLElement) {
  const probe = document.createElement('span');
  host.append(probe);
  const pixel = document.createElement('canvas').getContext('2d', { willReadFrequently: true });
  const read = (name: string) => (pixel ? themeColor(name, probe, pixel) : '#888');
  const colors = { text: read('base-content'), series: SERIES_COLORS.map(read) };
  probe.remove();
  return colors;
}

const compact = new Intl.NumberFormat('pt-BR', { notation: 'compact', maximumFractionDigits: 1 });
/** A money point (a number on the chart) as the screens write money: its four decimals, to the cent. */
const money = (value: number) => formatMoney(value.toFixed(4), { cents: true, space: '\u00a0' });
const plain = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 });

function configOf(spec: ChartSpec, colors: ReturnType<typeof themeColors>): ChartConfiguration {
  const grid = { color: `${colors.text.slice(0, -1)}, 0.15)`.replace('rgb', 'rgba') };
  const ticks = { color: colors.text };
  const tick = (value: string | number) =>
    spec.money ? `R$ ${compact.format(Number(value))}` : plain.format(Number(value));
  return {
    type: spec.type,
    data: {
      labels: spec.labels,
      datasets: spec.series.map((series, index) => {
        const color = colors.series[(spec.colorOffset ?? 0) + index] ?? colors.text;
        return {
          label: series.label,
          data: series.data,
          backgroundColor: color,
          borderColor: color,
          maxBarThickness: 56,
        };
      }),
    },
    options: {
      animation: false,
      responsive: true,
      maintainAspectRatio: false,
      indexAxis: spec.horizontal ? 'y' : 'x',
      plugins: {
        legend: { display: spec.series.length > 1, labels: { color: colors.text } },
        tooltip: {
          callbacks: {
            label: (item) =>
              `${item.dataset.label ?? ''}: ${spec.money ? money(item.parsed[spec.horizontal ? 'x' : 'y'] ?? 0) : plain.format(item.parsed[spec.horizontal ? 'x' : 'y'] ?? 0)}`,
          },
        },
      },
      scales: {
        x: { stacked: spec.stacked, grid, ticks: spec.horizontal ? { ...ticks, callback: tick } : ticks },
        y: {
          stacked: spec.stacked,
          beginAtZero: true,
          grid,
          ticks: spec.horizontal ? ticks : { ...ticks, callback: tick },
        },
      },
    },
  };
}

/** Draws the chart on the canvas, in the current theme's colours; returns what removes it. */
export function drawChart(canvas: HTMLCanvasElement, spec: ChartSpec): () => void {
  const chart = new Chart(canvas, configOf(spec, themeColors(canvas.parentElement ?? document.body)));
  return () => chart.destroy();
}
