import { useState } from 'react';
import { Link } from 'react-router';
import type { TStatus } from '@armazem/contracts/common';
import { useAppDispatch } from '../../../app/hooks.ts';
import { DeleteButton } from '../../../components/ui/delete-button.tsx';
import { CategoryFilter, StatusFilter } from '../../../components/ui/list-filters.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { SearchInput } from '../../../components/ui/search-input.tsx';
import { StatusToggle } from '../../../components/ui/status-toggle.tsx';
import { TitleCard } from '../../../components/ui/title-card.tsx';
import { messages } from '../../../config/messages.ts';
import { paths } from '../../../config/paths.ts';
import { formatMoney, formatQuantity } from '../../../lib/format.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useNotifySuccess } from '../../../lib/use-notify.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { openModal } from '../../../stores/modal-slice.ts';
import { useProductsQuery, useUpdateProductMutation } from '../products-api.ts';

export default function ProductsPage() {
  usePageTitle('Produtos');
  const dispatch = useAppDispatch();
  const notify = useNotifySuccess();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [categoryId, setCategoryId] = useState('');
  const [status, setStatus] = useState('');
  const q = useDebouncedValue(search.trim());
  const { data, isFetching } = useProductsQuery({
    page,
    pageSize: 20,
    ...(q ? { q } : {}),
    ...(categoryId ? { categoryId: Number(categoryId) } : {}),
    ...(status ? { status: status as TStatus } : {}),
  });
  const [updateProduct] = useUpdateProductMutation();

  const toggleStatus = async (productId: number, next: TStatus) => {
    const result = await updateProduct({ productId, data: { status: next } });
    if ('data' in result) notify(messages.success.productStatusUpdated);
  };
  const filterChanged = (apply: () => void) => {
    apply();
    setPage(1);
  };

  return (
    <TitleCard
      title="Produtos"
      actions={
        <>
          <SearchInput
            value={search}
            onChange={(value) => filterChanged(() => setSearch(value))}
            placeholder="Buscar por código, nome ou código de barras"
          />
          <CategoryFilter
            value={categoryId}
            onChange={(value) => filterChanged(() => setCategoryId(value))}
          />
          <StatusFilter value={status} onChange={(value) => filterChanged(() => setStatus(value))} />
          <button
            type="button"
            className="btn btn-primary btn-sm"
            onClick={() =>
              dispatch(openModal({ title: 'Adicionar produto', bodyType: 'PRODUCT_ADD', size: 'lg' }))
            }
          >
            <Icon name="plus" className="h-4 w-4" />
            Adicionar
          </button>
        </>
      }
    >
      {data && data.total === 0 ? (
        <EmptyState>
          {q || categoryId || status ? (
            <p>Nenhum produto encontrado com esses filtros.</p>
          ) : (
            <p>Nenhum produto cadastrado ainda. Comece pelo botão Adicionar.</p>
          )}
        </EmptyState>
      ) : null}
      {data && data.total > 0 ? (
        <div className={`overflow-x-auto ${isFetching ? 'opacity-60' : ''}`}>
          <table className="table table-zebra">
            <thead>
              <tr>
                <th>Código</th>
                <th>Nome</th>
                <th>Categoria</th>
                <th className="text-right">Estoque</th>
                <th className="text-right">Preço de venda</th>
                <th>Status</th>
                <th className="text-right">Ações</th>
              </tr>
            </thead>
            <tbody>
              {data.data.map((product) => (
                <tr key={product.id} data-testid={`product-row-${product.sku}`}>
                  <td className="font-mono">{product.sku}</td>
                  <td>
                    <Link to={`${paths.products}/${product.id}`} className="link link-hover font-medium">
                      {product.name}
                    </Link>
                  </td>
                  <td>{product.category.name}</td>
                  <td className="text-right whitespace-nowrap">
                    {formatQuantity(product.stockQuantity)} {product.baseUnity.code}
                  </td>
                  <td className="text-right whitespace-nowrap">
                    {product.currentPrice ? formatMoney(product.currentPrice.salePrice) : '—'}
                  </td>
                  <td>
                    <StatusToggle
                      status={product.status}
                      label={`Status de ${product.name}`}
                      onToggle={(next) => void toggleStatus(product.id, next)}
                    />
                  </td>
                  <td className="text-right whitespace-nowrap">
                    <Link
                      to={`${paths.products}/${product.id}`}
                      className="btn btn-ghost btn-sm"
                      aria-label={`Detalhes de ${product.name}`}
                    >
                      <Icon name="eye" className="h-4 w-4" />
                    </Link>
                    <DeleteButton
                      label={`Excluir ${product.name}`}
                      onClick={() =>
                        dispatch(
                          openModal({
                            title: 'Excluir produto',
                            bodyType: 'PRODUCT_DELETE',
                            extraObject: { productId: product.id, name: product.name },
                          }),
                        )
                      }
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pagination page={data.page} totalPages={data.totalPages} total={data.total} onChange={setPage} />
        </div>
      ) : null}
    </TitleCard>
  );
}
