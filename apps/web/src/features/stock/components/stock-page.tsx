import { useState } from 'react';
import { CategoryFilter } from '../../../components/ui/list-filters.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { SearchInput } from '../../../components/ui/search-input.tsx';
import { TitleCard } from '../../../components/ui/title-card.tsx';
import { formatDateTime, formatMoney, formatQuantity } from '../../../lib/format.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useStockQuery } from '../stock-api.ts';
import { BalanceDatePicker, useBalanceDate } from './balance-date.tsx';

export default function StockPage() {
  usePageTitle('Estoque');
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [categoryId, setCategoryId] = useState('');
  const [onlyBelow, setOnlyBelow] = useState(false);
  const [date, setDate] = useBalanceDate();
  const q = useDebouncedValue(search.trim());
  const { data, isFetching } = useStockQuery({
    page,
    pageSize: 20,
    ...(q ? { q } : {}),
    ...(categoryId ? { categoryId: Number(categoryId) } : {}),
    ...(onlyBelow ? { belowMinimum: 'true' as const } : {}),
    ...(date ? { date } : {}),
  });
  const reset = () => setPage(1);

  return (
    <div className="flex flex-col gap-6">
      {data ? (
        <div className="stats stats-vertical md:stats-horizontal bg-base-100 w-full shadow-sm">
          <div className="stat">
            <div className="stat-title">Produtos</div>
            <div className="stat-value text-2xl">{data.totals.products.toLocaleString('pt-BR')}</div>
          </div>
          <div className="stat">
            <div className="stat-title">Valor em estoque</div>
            <div className="stat-value text-2xl" data-testid="stock-total-value">
              {formatMoney(data.totals.totalValue)}
            </div>
            <div className="stat-desc">pelo custo médio ponderado</div>
          </div>
          <div className="stat">
            <div className="stat-title">Abaixo do mínimo</div>
            <div className={`stat-value text-2xl ${data.totals.belowMinimum > 0 ? 'text-warning' : ''}`}>
              {data.totals.belowMinimum}
            </div>
          </div>
        </div>
      ) : null}
      <TitleCard
        title="Saldos"
        actions={
          <>
            <BalanceDatePicker
              value={date}
              onChange={(value) => {
                setDate(value);
                reset();
              }}
            />
            <SearchInput
              value={search}
              onChange={(value) => {
                setSearch(value);
                reset();
              }}
              placeholder="Buscar produto"
            />
            <CategoryFilter
              value={categoryId}
              onChange={(value) => {
                setCategoryId(value);
                reset();
              }}
            />
            <label className="label cursor-pointer gap-2 text-sm">
              <input
                type="checkbox"
                className="checkbox checkbox-sm"
                checked={onlyBelow}
                onChange={(e) => {
                  setOnlyBelow(e.target.checked);
                  reset();
                }}
              />
              Só abaixo do mínimo
            </label>
          </>
        }
      >
        {data && data.total === 0 ? (
          <EmptyState>Nenhum saldo encontrado. Os saldos aparecem quando há produtos cadastrados.</EmptyState>
        ) : null}
        {data && data.total > 0 ? (
          <div className={`overflow-x-auto ${isFetching ? 'opacity-60' : ''}`}>
            <table className="table">
              <thead>
                <tr>
                  <th>Código</th>
                  <th>Produto</th>
                  <th>Categoria</th>
                  <th className="text-right">Quantidade</th>
                  <th className="text-right">Mínimo</th>
                  <th className="text-right">Custo médio</th>
                  <th className="text-right">Valor total</th>
                  <th>Última movimentação</th>
                </tr>
              </thead>
              <tbody>
                {data.data.map((row) => (
                  <tr
                    key={row.product.id}
                    className={row.belowMinimum ? 'bg-warning/15' : ''}
                    data-testid={`stock-row-${row.product.sku}`}
                    data-below-minimum={row.belowMinimum}
                  >
                    <td className="font-mono">{row.product.sku}</td>
                    <td>
                      {row.product.name}
                      {row.belowMinimum ? (
                        <span className="badge badge-warning badge-sm ml-2">abaixo do mínimo</span>
                      ) : null}
                    </td>
                    <td>{row.category.name}</td>
                    <td className="text-right whitespace-nowrap" data-testid="stock-quantity">
                      {formatQuantity(row.quantity)} {row.unity.code}
                    </td>
                    <td className="text-right whitespace-nowrap">{formatQuantity(row.minStock)}</td>
                    <td className="text-right whitespace-nowrap" data-testid="stock-average">
                      {formatMoney(row.averageCost)}
                    </td>
                    <td className="text-right whitespace-nowrap" data-testid="stock-value">
                      {formatMoney(row.totalValue)}
                    </td>
                    <td className="whitespace-nowrap">{formatDateTime(row.lastMovementAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <Pagination page={data.page} totalPages={data.totalPages} total={data.total} onChange={setPage} />
          </div>
        ) : null}
      </TitleCard>
    </div>
  );
}
