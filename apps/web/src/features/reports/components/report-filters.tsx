import { useState } from 'react';
import { useListParams } from '../../../lib/use-list-params.ts';
import { placeScope } from '../../../components/ui/place-select.tsx';
import { monthName, monthsBack } from '../../../lib/reports-api.ts';

/** The months a period may start at: the last five years' (the API reads at most 60 month ends). */
const STOCK_VALUE_MONTHS = 60;

/** The screen's state in the URL: the tab, its filters, the page and the place. */
export function useReportParams() {
  const list = useListParams({ sort: 'padrao', order: 'asc', sorts: ['padrao'] });
  const scope = placeScope(list.get);
  return { ...list, scope };
}
export type ReportParams = ReturnType<typeof useReportParams>;

/** "Últimos N dias": a whole number from 1 to `max`, kept in the URL (`dias`) once valid. */
export function DaysField({
  params,
  fallback,
  max,
}: {
  params: ReportParams;
  fallback: number;
  max: number;
}) {
  const inUrl = Number(params.get('dias')) || fallback;
  const [text, setText] = useState(String(inUrl));
  const valid = (value: number) => Number.isInteger(value) && value >= 1 && value <= max;
  return (
    <label className="fieldset">
      <span className="fieldset-legend">Últimos dias</span>
      <input
        className={`input input-sm w-24 ${valid(Number(text)) ? '' : 'input-error'}`}
        type="number"
        inputMode="numeric"
        min={1}
        max={max}
        value={text}
        data-testid="report-days"
        onChange={(event) => {
          setText(event.target.value);
          const value = Number(event.target.value);
          if (valid(value)) params.update({ dias: value === fallback ? null : value }, { replace: true });
        }}
      />
    </label>
  );
}

/** The days a tab reads: the URL's, when valid, or the tab's default. */
export function daysOf(params: ReportParams, fallback: number, max: number): number {
  const value = Number(params.get('dias'));
  return Number.isInteger(value) && value >= 1 && value <= max ? value : fallback;
}

/** A month (AAAA-MM) among the last five years' (the most one call reads), named as the charts name it. */
export function MonthField({
  label,
  value,
  max,
  onChange,
  testId,
}: {
  label: string;
  value: string;
  max: string;
  onChange: (value: string) => void;
  testId: string;
}) {
  const months = Array.from({ length: STOCK_VALUE_MONTHS }, (_, back) => monthsBack(`${max}-01`, back));
  return (
    <label className="fieldset">
      <span className="fieldset-legend">{label}</span>
      <select
        className="select select-sm w-auto"
        value={value}
        data-testid={testId}
        onChange={(event) => onChange(event.target.value)}
      >
        {months.includes(value) ? null : <option value={value}>{monthName(value)}</option>}
        {months.map((month) => (
          <option key={month} value={month}>
            {monthName(month)}
          </option>
        ))}
      </select>
    </label>
  );
}
