import type { TAbcRow } from '@armazem/contracts/reports';
import { ChartFigure } from '../../../components/chart/chart.tsx';
import { figureColumn, type Column } from '../../../components/ui/data-table.tsx';
import { DateField } from '../../../components/ui/date-field.tsx';
import { ExportMenu } from '../../../components/ui/export-menu.tsx';
import { useBusinessToday } from '../../../lib/business-today.ts';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { daysBack, useAbcQuery } from '../../../lib/reports-api.ts';
import { PAGE_SIZE } from '../../../lib/use-list-params.ts';
import type { ReportParams } from './report-filters.tsx';
import { ReportTable } from './report-table.tsx';

const percent = (value: string) => `${value.replace('.', ',')} %`;

const columns: Array<Column<TAbcRow>> = [
  { key: 'product', header: 'Produto', cell: (row) => row.product.name },
  { key: 'sku', header: 'Código', cell: (row) => row.product.sku, narrowHidden: true },
  figureColumn('value', 'Saídas a custo', (row) => formatMoney(row.exitsValue)),
  figureColumn('share', 'Participação', (row) => percent(row.share), { narrowHidden: true }),
  figureColumn('cumulative', 'Acumulada', (row) => percent(row.cumulativeShare), { narrowHidden: true }),
  { key: 'class', header: 'Classe', cell: (row) => row.class, cellTestId: 'abc-class' },
];

/** The ABC curve of the period's exits at cost: each class's value in the chart, every product in the table. */
export function AbcTab({ params }: { params: ReportParams }) {
  const today = useBusinessToday();
  const from = params.get('de') || daysBack(today, 89);
  const to = params.get('ate') || today;
  const query = { from, to, ...params.scope };
  const { data, isFetching } = useAbcQuery(
    { ...query, page: params.page, pageSize: PAGE_SIZE },
    { skip: from > to },
  );
  const a = data?.classes.find((row) => row.class === 'A');
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end gap-3">
        <DateField
          label="De"
          small
          className="w-40"
          value={from}
          max={today}
          onChange={(de) => de && params.update({ de })}
          data-testid="report-from"
        />
        <DateField
          label="Até"
          small
          className="w-40"
          value={to}
          max={today}
          onChange={(ate) => ate && params.update({ ate })}
          data-testid="report-to"
        />
        <ExportMenu path="/reports/v1/abc" params={query} />
      </div>
      <p className="text-sm">
        Cortes: A até {data?.cutoffs.a ?? 80} %, B até {data?.cutoffs.b ?? 95} %, C o resto das saídas a custo
        de {formatDate(from)} a {formatDate(to)}.
      </p>
      {data ? (
        <ChartFigure
          testId="abc-chart"
          summaryTestId="abc-summary"
          label="Gráfico de barras do valor das saídas por classe da curva ABC"
          spec={{
            type: 'bar',
            money: true,
            colorOffset: 1,
            labels: data.classes.map((row) => `Classe ${row.class} (${row.products})`),
            series: [{ label: 'Saídas a custo', data: data.classes.map((row) => Number(row.exitsValue)) }],
          }}
          summary={
            a
              ? `A classe A tem ${a.products} de ${data.total} produtos e ${formatMoney(a.exitsValue)} das saídas de ${formatMoney(data.exitsValue)}.`
              : 'Nenhuma saída no período.'
          }
          openTable
          table={
            <ReportTable
              label="Curva ABC por produto"
              testId="abc-table"
              columns={columns}
              page={data}
              busy={isFetching}
              onPage={params.setPage}
            />
          }
        />
      ) : null}
    </div>
  );
}
