// What the pages say a chart shows; chart.tsx draws it with draw-chart.ts (the one module that loads chart.js).

/** What a chart shows: one or more series over the same labels (months, classes, products). */
export interface ChartSpec {
  type: 'bar' | 'line';
  labels: string[];
  series: Array<{ label: string; data: number[] }>;
  /** values in reais: the axis and the tooltip say R$ */
  money?: boolean;
  stacked?: boolean;
  /** bars along the x axis, one line per label (long product names on a phone) */
  horizontal?: boolean;
  /** the first series' colour among the theme's (primary, secondary, accent, …) */
  colorOffset?: number;
}

export interface ChartProps {
  spec: ChartSpec;
  /** what the canvas says to a screen reader (role="img") */
  label: string;
  testId?: string;
  /** the box's height class; the chart fills the box's width */
  height?: string;
}
