import type { TDeadStockRow } from '@armazem/contracts/reports';
import { ChartFigure } from '../../../components/chart/chart.tsx';
import { figureColumn, type Column } from '../../../components/ui/data-table.tsx';
import { ExportMenu } from '../../../components/ui/export-menu.tsx';
import { formatDate, formatMoney, formatQuantity } from '../../../lib/format.ts';
import { useDeadStockQuery } from '../../../lib/reports-api.ts';
import { PAGE_SIZE } from '../../../lib/use-list-params.ts';
import { DaysField, daysOf, type ReportParams } from './report-filters.tsx';
import { ReportTable } from './report-table.tsx';

const columns: Array<Column<TDeadStockRow>> = [
  { key: 'product', header: 'Produto', cell: (row) => row.product.name },
  { key: 'sku', header: 'Código', cell: (row) => row.product.sku, narrowHidden: true },
  figureColumn('quantity', 'Saldo', (row) => `${formatQuantity(row.quantity)} ${row.unity}`, {
    narrowHidden: true,
  }),
  {
    key: 'last',
    header: 'Última saída',
    cell: (row) => (row.lastExitOn ? formatDate(row.lastExitOn) : 'nunca saiu'),
  },
  figureColumn('value', 'Valor', (row) => formatMoney(row.totalValue), { cellTestId: 'dead-stock-value' }),
];

/** What has stock and no exit for N days: the money standing still, largest first. */
export function DeadStockTab({ params }: { params: ReportParams }) {
  const days = daysOf(params, 90, 3650);
  const query = { days, ...params.scope };
  const { data, isFetching } = useDeadStockQuery({ ...query, page: params.page, pageSize: PAGE_SIZE });
  const top = data?.data.slice(0, 10) ?? [];
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end gap-3">
        <DaysField params={params} fallback={90} max={3650} />
        <ExportMenu path="/reports/v1/dead-stock" params={query} />
      </div>
      {data ? (
        <>
          <p className="text-lg" data-testid="dead-stock-total">
            Sem saída desde {formatDate(data.from)}: <strong>{formatMoney(data.totalValue)}</strong> em{' '}
            {data.total} {data.total === 1 ? 'produto' : 'produtos'}.
          </p>
          <ChartFigure
            testId="dead-stock-chart"
            summaryTestId="dead-stock-summary"
            height="h-80"
            openTable
            label="Gráfico de barras do valor parado dos maiores itens"
            spec={{
              type: 'bar',
              horizontal: true,
              money: true,
              colorOffset: 5,
              labels: top.map((row) => row.product.name),
              series: [{ label: 'Valor parado', data: top.map((row) => Number(row.totalValue)) }],
            }}
            summary={
              top[0]
                ? `O maior valor parado é ${top[0].product.name}: ${formatMoney(top[0].totalValue)}.`
                : `Nenhum produto sem saída nos últimos ${days} dias.`
            }
            table={
              <ReportTable
                label="Estoque parado por produto"
                testId="dead-stock-table"
                columns={columns}
                page={data}
                busy={isFetching}
                onPage={params.setPage}
              />
            }
          />
        </>
      ) : null}
    </div>
  );
}
