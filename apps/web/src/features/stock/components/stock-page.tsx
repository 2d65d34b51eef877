import { STOCK_SORTS, type TStockPage, type TStockRow } from '@armazem/contracts/stock';
import { ExportMenu } from '../../../components/ui/export-menu.tsx';
import { ShortHeader, figureColumn, type Column } from '../../../components/ui/data-table.tsx';
import { CategoryFilter } from '../../../components/ui/list-filters.tsx';
import { PlaceFilter, placeScope } from '../../../components/ui/place-select.tsx';
import { ListPage } from '../../../components/ui/list-page.tsx';
import { SearchInput } from '../../../components/ui/search-input.tsx';
import { formatDate, formatMoney, formatUnitMoney, formatQuantity } from '../../../lib/format.ts';
import { pageQuery, useListParams, useSearchText } from '../../../lib/use-list-params.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useStockQuery } from '../stock-api.ts';
import { BalanceDatePicker } from './balance-date.tsx';
import { localToday } from '../../../lib/dates.ts';
import { LocationQuantities, TransferButton } from './place-parts.tsx';

const COLUMNS: Array<Column<TStockRow, (typeof STOCK_SORTS)[number]>> = [
  // a phone draws the product and its balance: the other columns only from 768 px
  {
    key: 'sku',
    header: 'Código',
    sort: 'sku',
    className: 'font-mono',
    cell: (row) => row.product.sku,
    narrowHidden: true,
  },
  {
    key: 'name',
    header: 'Produto',
    sort: 'name',
    cell: (row) => (
      <>
        {row.product.name}
        {row.belowMinimum ? (
          <span className="badge badge-warning badge-sm ml-2">abaixo do mínimo</span>
        ) : null}
      </>
    ),
  },
  {
    key: 'category',
    header: 'Categoria',
    sort: 'category',
    cell: (row) => row.category.name,
    narrowHidden: true,
  },
  // the minimum under the balance, not a column of its own: the product's name keeps the room at 1280 px
  figureColumn(
    'quantity',
    'Quantidade',
    (row) => (
      <>
        <span data-testid="stock-quantity">{`${formatQuantity(row.quantity)} ${row.unity.code}`}</span>
        <LocationQuantities row={row} />
        <span className="text-base-content/70 block text-xs" data-testid="stock-minimum">
          mín. {formatQuantity(row.minStock)}
        </span>
        {/* goods apart from own stock (consignment, repair…): ours with third parties, theirs with us */}
        {Number(row.sentQuantity) > 0 ? (
          <span className="text-info block text-xs" data-testid="stock-sent">
            + {formatQuantity(row.sentQuantity)} nossos com terceiros
          </span>
        ) : null}
        {Number(row.heldQuantity) > 0 ? (
          <span className="text-base-content/70 block text-xs" data-testid="stock-held">
            {formatQuantity(row.heldQuantity)} de terceiros conosco
          </span>
        ) : null}
      </>
    ),
    { sort: 'quantity', firstOrder: 'desc' },
  ),
  figureColumn('averageCost', 'Custo médio', (row) => formatUnitMoney(row.averageCost), {
    cellTestId: 'stock-average',
    narrowHidden: true,
  }),
  figureColumn('totalValue', 'Valor total', (row) => formatMoney(row.totalValue), {
    sort: 'totalValue',
    firstOrder: 'desc',
    cellTestId: 'stock-value',
    narrowHidden: true,
  }),
  {
    key: 'lastMovementOn',
    header: <ShortHeader short="Últ. mov." full="Última movimentação" />,
    sort: 'lastMovementOn',
    firstOrder: 'desc',
    className: 'whitespace-nowrap',
    narrowHidden: true,
    // the day of its last movement (up to the date chosen), as the kardex and the reports date it
    cell: (row) => formatDate(row.lastMovementOn),
  },
];

/** The list's totals: products, stock value and how many are below their minimum. */
function StockTotals({ totals }: { totals: TStockPage['totals'] }) {
  return (
    <div className="stats stats-vertical md:stats-horizontal bg-base-100 w-full shadow-sm">
      <div className="stat">
        <div className="stat-title">Produtos</div>
        <div className="stat-value text-2xl">{totals.products.toLocaleString('pt-BR')}</div>
      </div>
      <div className="stat">
        <div className="stat-title">Valor em estoque</div>
        <div className="stat-value text-2xl" data-testid="stock-total-value">
          {formatMoney(totals.totalValue)}
        </div>
        <div className="stat-desc">pelo custo médio ponderado</div>
      </div>
      <div className="stat">
        <div className="stat-title">Abaixo do mínimo</div>
        <div className={`stat-value text-2xl ${totals.belowMinimum > 0 ? 'text-warning' : ''}`}>
          {totals.belowMinimum}
        </div>
      </div>
    </div>
  );
}

export default function StockPage() {
  usePageTitle('Estoque');
  const list = useListParams({ sort: 'name', order: 'asc', sorts: STOCK_SORTS });
  const search = useSearchText(list);
  const { q } = search;
  const categoryId = list.get('categoryId');
  const onlyBelow = list.get('belowMinimum') === 'true';
  const date = list.get('date');
  const scope = placeScope(list.get);
  const params = pageQuery(list, {
    ...scope,
    q,
    categoryId: categoryId ? Number(categoryId) : undefined,
    belowMinimum: onlyBelow ? ('true' as const) : undefined,
    date,
  });
  const stock = useStockQuery(params);
  const data = stock.isError ? undefined : stock.data;

  return (
    <div className="flex flex-col gap-6">
      {data ? <StockTotals totals={data.totals} /> : null}
      <ListPage
        title={date ? `Saldos ao fim de ${formatDate(date)}` : 'Saldos'}
        filters={
          <>
            <BalanceDatePicker
              value={date}
              // today (or later) is the current balance: no date in the URL
              onChange={(value) => list.setFilter('date', value && value < localToday() ? value : '')}
            />
            <SearchInput value={search.text} onChange={search.setText} placeholder="Buscar produto" />
            <CategoryFilter value={categoryId} onChange={(value) => list.setFilter('categoryId', value)} />
            <PlaceFilter scope={scope} onChange={list.update} allLabel="Todos os depósitos" inline />
            <label className="label cursor-pointer gap-2 text-sm">
              <input
                type="checkbox"
                className="checkbox checkbox-sm"
                checked={onlyBelow}
                onChange={(e) => list.setFilter('belowMinimum', e.target.checked ? 'true' : null)}
              />
              Só abaixo do mínimo
            </label>
          </>
        }
        toolbar={
          <>
            <ExportMenu path="/stock/v1" params={params} />
            <TransferButton />
          </>
        }
        data={data}
        busy={stock.isFetching}
        list={list}
        empty="Nenhum saldo encontrado. Os saldos aparecem quando há produtos cadastrados."
        table={{
          columns: COLUMNS,
          rowKey: (row) => row.product.id,
          rowTestId: (row) => `stock-row-${row.product.sku}`,
          rowClassName: (row) => (row.belowMinimum ? 'bg-warning/15' : ''),
          rowData: (row) => ({ 'data-below-minimum': String(row.belowMinimum) }),
          zebra: false,
        }}
      />
    </div>
  );
}
