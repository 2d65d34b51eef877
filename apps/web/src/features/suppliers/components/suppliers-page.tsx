import { useState } from 'react';
import type { TStatus } from '@armazem/contracts/common';
import { formatDocument, formatPhone } from '@armazem/contracts/documents';
import { useAppDispatch } from '../../../app/hooks.ts';
import { DeleteButton } from '../../../components/ui/delete-button.tsx';
import { StatusFilter } from '../../../components/ui/list-filters.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { SearchInput } from '../../../components/ui/search-input.tsx';
import { StatusToggle } from '../../../components/ui/status-toggle.tsx';
import { TitleCard } from '../../../components/ui/title-card.tsx';
import { messages } from '../../../config/messages.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useNotifySuccess } from '../../../lib/use-notify.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { openModal } from '../../../stores/modal-slice.ts';
import { useSuppliersQuery, useUpdateSupplierMutation } from '../suppliers-api.ts';

export default function SuppliersPage() {
  usePageTitle('Fornecedores');
  const dispatch = useAppDispatch();
  const notify = useNotifySuccess();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('');
  const q = useDebouncedValue(search.trim());
  const { data, isFetching } = useSuppliersQuery({
    page,
    pageSize: 20,
    ...(q ? { q } : {}),
    ...(status ? { status: status as TStatus } : {}),
  });
  const [updateSupplier] = useUpdateSupplierMutation();

  const toggleStatus = async (supplierId: number, next: TStatus) => {
    const result = await updateSupplier({ supplierId, data: { status: next } });
    if ('data' in result) notify(messages.success.supplierStatusUpdated);
  };

  return (
    <TitleCard
      title="Fornecedores"
      actions={
        <>
          <SearchInput
            value={search}
            onChange={(value) => {
              setSearch(value);
              setPage(1);
            }}
            placeholder="Buscar por nome, fantasia, CNPJ ou CPF"
          />
          <StatusFilter
            value={status}
            onChange={(value) => {
              setStatus(value);
              setPage(1);
            }}
          />
          <button
            type="button"
            className="btn btn-primary btn-sm"
            onClick={() =>
              dispatch(openModal({ title: 'Adicionar fornecedor', bodyType: 'SUPPLIER_ADD', size: 'lg' }))
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
          {q || status
            ? 'Nenhum fornecedor encontrado com esses filtros.'
            : 'Nenhum fornecedor cadastrado ainda. Comece pelo botão Adicionar.'}
        </EmptyState>
      ) : null}
      {data && data.total > 0 ? (
        <div className={`overflow-x-auto ${isFetching ? 'opacity-60' : ''}`}>
          <table className="table table-zebra">
            <thead>
              <tr>
                <th>Razão social</th>
                <th>CNPJ / CPF</th>
                <th>Contato</th>
                <th className="text-right">Produtos</th>
                <th>Status</th>
                <th className="text-right">Ações</th>
              </tr>
            </thead>
            <tbody>
              {data.data.map((supplier) => (
                <tr key={supplier.id} data-testid={`supplier-row-${supplier.document}`}>
                  <td>
                    <div className="font-medium">{supplier.name}</div>
                    {supplier.tradeName ? (
                      <div className="text-base-content/60 text-sm">{supplier.tradeName}</div>
                    ) : null}
                  </td>
                  <td className="font-mono whitespace-nowrap">{formatDocument(supplier.document)}</td>
                  <td className="text-sm">
                    {supplier.email ? <div>{supplier.email}</div> : null}
                    {supplier.phone ? <div>{formatPhone(supplier.phone)}</div> : null}
                  </td>
                  <td className="text-right" data-testid="products-count">
                    {supplier.productsCount}
                  </td>
                  <td>
                    <StatusToggle
                      status={supplier.status}
                      label={`Status de ${supplier.name}`}
                      onToggle={(next) => void toggleStatus(supplier.id, next)}
                    />
                  </td>
                  <td className="text-right whitespace-nowrap">
                    <button
                      type="button"
                      className="btn btn-ghost btn-sm"
                      aria-label={`Editar ${supplier.name}`}
                      onClick={() =>
                        dispatch(
                          openModal({
                            title: 'Editar fornecedor',
                            bodyType: 'SUPPLIER_EDIT',
                            size: 'lg',
                            extraObject: { supplier },
                          }),
                        )
                      }
                    >
                      <Icon name="edit" className="h-4 w-4" />
                      Editar
                    </button>
                    <button
                      type="button"
                      className="btn btn-ghost btn-sm"
                      aria-label={`Produtos de ${supplier.name}`}
                      onClick={() =>
                        dispatch(
                          openModal({
                            title: `Produtos de ${supplier.name}`,
                            bodyType: 'SUPPLIER_PRODUCTS',
                            size: 'lg',
                            extraObject: { supplierId: supplier.id },
                          }),
                        )
                      }
                    >
                      <Icon name="link" className="h-4 w-4" />
                      Produtos
                    </button>
                    <DeleteButton
                      label={`Excluir ${supplier.name}`}
                      onClick={() =>
                        dispatch(
                          openModal({
                            title: 'Excluir fornecedor',
                            bodyType: 'SUPPLIER_DELETE',
                            extraObject: { supplierId: supplier.id, name: supplier.name },
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
