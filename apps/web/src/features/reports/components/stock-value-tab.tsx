import type { TStockValue } from '@armazem/contracts/reports';
import { ChartFigure } from '../../../components/chart/chart.tsx';
import { DataTable, figureColumn, type Column } from '../../../components/ui/data-table.tsx';
import { ExportMenu } from '../../../components/ui/export-menu.tsx';
import { useBusinessToday } from '../../../lib/business-today.ts';
import { formatMoney } from '../../../lib/format.ts';
import { monthName, monthsBack, useStockValueQuery } from '../../../lib/reports-api.ts';
import { MonthField, type ReportParams } from './report-filters.tsx';

interface MonthRow {
  month: string;
  total: string;
  byCategory: Map<number, string>;
}

/** One row per month end: its total and each category's value. */
function monthRows(report: TStockValue): MonthRow[] {
  return report.totals.map((total) => ({
    month: total.month,
    total: total.totalValue,
    byCategory: new Map(
      report.data.filter((row) => row.month === total.month).map((row) => [row.category.id, row.totalValue]),
    ),
  }));
}

function categoriesOf(report: TStockValue) {
  const seen = new Map<number, string>();
  for (const row of report.data) seen.set(row.category.id, row.category.name);
  return [...seen].map(([id, name]) => ({ id, name }));
}

function columnsOf(categories: Array<{ id: number; name: string }>): Array<Column<MonthRow>> {
  return [
    { key: 'month', header: 'Mês', cell: (row) => monthName(row.month) },
    ...categories.map((category) =>
      figureColumn<MonthRow>(
        `c${category.id}`,
        category.name,
        (row) => formatMoney(row.byCategory.get(category.id) ?? '0'),
        { narrowHidden: true },
      ),
    ),
    figureColumn('total', 'Total', (row) => formatMoney(row.total), { cellTestId: 'stock-value-total' }),
  ];
}

/** Categories stacked in one bar per month, or side by side. */
function BarsChoice({ grouped, onChange }: { grouped: boolean; onChange: (value: string) => void }) {
  return (
    <label className="fieldset">
      <span className="fieldset-legend">Categorias</span>
      <select
        className="select select-sm w-auto"
        value={grouped ? 'lado' : ''}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">Empilhadas</option>
        <option value="lado">Lado a lado</option>
      </select>
    </label>
  );
}

/** Stock value at each month end of the period, by category, stacked or side by side. */
export function StockValueTab({ params }: { params: ReportParams }) {
  const today = useBusinessToday();
  const thisMonth = monthsBack(today, 0);
  const from = params.get('de') || monthsBack(today, 11);
  const to = params.get('ate') || thisMonth;
  const grouped = params.get('barras') === 'lado';
  const query = { from, to, ...params.scope };
  const { data, error } = useStockValueQuery(query, { skip: from > to });
  const categories = data ? categoriesOf(data) : [];
  const rows = data ? monthRows(data) : [];
  const columns = columnsOf(categories);
  const first = rows[0];
  const last = rows[rows.length - 1];
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end gap-3">
        <MonthField
          label="De"
          value={from}
          max={thisMonth}
          onChange={(de) => params.update({ de })}
          testId="report-from"
        />
        <MonthField
          label="Até"
          value={to}
          max={thisMonth}
          onChange={(ate) => params.update({ ate })}
          testId="report-to"
        />
        <BarsChoice grouped={grouped} onChange={(barras) => params.update({ barras })} />
        <ExportMenu path="/reports/v1/stock-value" params={query} />
      </div>
      {from > to ? <p role="alert">O mês inicial deve ser antes do final.</p> : null}
      {error ? <p role="alert">Não foi possível ler o valor do estoque deste período.</p> : null}
      {data ? (
        <ChartFigure
          testId="stock-value-chart"
          summaryTestId="stock-value-summary"
          height="h-72"
          openTable
          label="Gráfico de barras do valor do estoque no fim de cada mês, por categoria"
          spec={{
            type: 'bar',
            money: true,
            stacked: !grouped,
            labels: rows.map((row) => monthName(row.month)),
            series: categories.map((category) => ({
              label: category.name,
              data: rows.map((row) => Number(row.byCategory.get(category.id) ?? 0)),
            })),
          }}
          summary={
            first && last
              ? `O valor do estoque passou de ${formatMoney(first.total)} em ${monthName(first.month)} para ${formatMoney(last.total)} em ${monthName(last.month)}.`
              : ''
          }
          table={
            <DataTable
              label="Valor do estoque no fim de cada mês, por categoria"
              testId="stock-value-table"
              columns={columns}
              rows={rows}
              rowKey={(row) => row.month}
              compact
            />
          }
        />
      ) : null}
    </div>
  );
}
