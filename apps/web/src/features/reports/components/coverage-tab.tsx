import type { TCoverageRow } from '@armazem/contracts/reports';
import { ChartFigure } from '../../../components/chart/chart.tsx';
import { figureColumn, type Column } from '../../../components/ui/data-table.tsx';
import { ExportMenu } from '../../../components/ui/export-menu.tsx';
import { formatMoney, formatQuantity } from '../../../lib/format.ts';
import { useCoverageQuery } from '../../../lib/reports-api.ts';
import { PAGE_SIZE } from '../../../lib/use-list-params.ts';
import { DaysField, daysOf, type ReportParams } from './report-filters.tsx';
import { ReportTable } from './report-table.tsx';

const decimal = (value: string | null, none: string) => (value === null ? none : formatQuantity(value));

const columns: Array<Column<TCoverageRow>> = [
  { key: 'product', header: 'Produto', cell: (row) => row.product.name },
  figureColumn('quantity', 'Saldo', (row) => `${formatQuantity(row.quantity)} ${row.unity}`),
  figureColumn('rate', 'Saída por dia', (row) => formatQuantity(row.dailyRate), { narrowHidden: true }),
  figureColumn('coverage', 'Cobertura (dias)', (row) => decimal(row.coverageDays, 'sem saída'), {
    cellTestId: 'coverage-days',
  }),
  figureColumn('exits', 'Saídas a custo', (row) => formatMoney(row.exitsValue), { narrowHidden: true }),
  figureColumn('turnover', 'Giro', (row) => decimal(row.turnover, '—'), { narrowHidden: true }),
];

/** Days of stock at the recent exit rate and turnover, per product. */
export function CoverageTab({ params }: { params: ReportParams }) {
  const days = daysOf(params, 30, 365);
  const query = { days, ...params.scope };
  const { data, isFetching } = useCoverageQuery({ ...query, page: params.page, pageSize: PAGE_SIZE });
  const moving = data?.data.filter((row) => row.coverageDays !== null) ?? [];
  const shortest = [...moving].sort((x, y) => Number(x.coverageDays) - Number(y.coverageDays))[0];
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end gap-3">
        <DaysField params={params} fallback={30} max={365} />
        <ExportMenu path="/reports/v1/coverage" params={query} />
      </div>
      <p className="text-sm">
        Cobertura = saldo ÷ saída média por dia dos últimos {days} dias; giro = saídas a custo ÷ valor médio
        do estoque.
      </p>
      {data ? (
        <ChartFigure
          testId="coverage-chart"
          summaryTestId="coverage-summary"
          height="h-80"
          openTable
          label="Gráfico de barras dos dias de cobertura de cada produto desta página"
          spec={{
            type: 'bar',
            horizontal: true,
            colorOffset: 3,
            labels: moving.map((row) => row.product.name),
            series: [{ label: 'Cobertura (dias)', data: moving.map((row) => Number(row.coverageDays)) }],
          }}
          summary={
            shortest
              ? `Nesta página, ${shortest.product.name} é o que acaba primeiro: ${formatQuantity(shortest.coverageDays)} dias de estoque.`
              : `Nenhum produto desta página teve saída nos últimos ${days} dias.`
          }
          table={
            <ReportTable
              label="Cobertura e giro por produto"
              testId="coverage-table"
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
