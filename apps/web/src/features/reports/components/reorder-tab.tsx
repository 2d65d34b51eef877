import type { TReorderRow } from '@armazem/contracts/reports';
import { figureColumn, type Column } from '../../../components/ui/data-table.tsx';
import { ExportMenu } from '../../../components/ui/export-menu.tsx';
import { SupplierFilter } from '../../../components/ui/list-filters.tsx';
import { formatQuantity } from '../../../lib/format.ts';
import { useReorderQuery } from '../../../lib/reports-api.ts';
import { PAGE_SIZE } from '../../../lib/use-list-params.ts';
import { DaysField, daysOf, type ReportParams } from './report-filters.tsx';
import { ReportTable } from './report-table.tsx';

const columns: Array<Column<TReorderRow>> = [
  {
    key: 'supplier',
    header: 'Fornecedor',
    cell: (row) => `${row.supplier.name} (${row.supplier.leadTimeDays} d)`,
    narrowHidden: true,
  },
  { key: 'product', header: 'Produto', cell: (row) => row.product.name },
  figureColumn('quantity', 'Saldo', (row) => formatQuantity(row.quantity), { narrowHidden: true }),
  figureColumn('min', 'Mínimo', (row) => formatQuantity(row.minStock), { narrowHidden: true }),
  figureColumn('rate', 'Saída por dia', (row) => formatQuantity(row.dailyRate), { narrowHidden: true }),
  figureColumn('suggested', 'Comprar', (row) => `${formatQuantity(row.suggestedQuantity)} ${row.unity}`, {
    cellTestId: 'reorder-quantity',
  }),
];

/** What to buy from each supplier to stand at the minimum when an order placed today arrives. */
export function ReorderTab({ params }: { params: ReportParams }) {
  const days = daysOf(params, 30, 365);
  const supplierId = Number(params.get('fornecedor')) || undefined;
  const query = { days, supplierId, ...params.scope };
  const { data, isFetching } = useReorderQuery({ ...query, page: params.page, pageSize: PAGE_SIZE });
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end gap-3">
        <DaysField params={params} fallback={30} max={365} />
        <SupplierFilter
          value={params.get('fornecedor')}
          onChange={(id) => params.update({ fornecedor: id })}
        />
        <ExportMenu path="/reports/v1/reorder" params={query} label="Baixar lista de compras" />
      </div>
      <p className="text-sm">
        Sugestão = mínimo + saída por dia dos últimos {days} dias × prazo de entrega do fornecedor − saldo.
      </p>
      {data && data.data.length === 0 ? <p>Nada a comprar agora.</p> : null}
      {data && data.data.length > 0 ? (
        <ReportTable
          label="Sugestão de compra por fornecedor"
          testId="reorder-table"
          columns={columns}
          page={data}
          busy={isFetching}
          onPage={params.setPage}
        />
      ) : null}
    </div>
  );
}
