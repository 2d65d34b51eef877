import { SUPPLIER_SORTS, type TSupplier } from '@armazem/contracts/catalog';
import type { TStatus } from '@armazem/contracts/common';
import { formatDocument, formatPhone } from '@armazem/contracts/documents';
import { useAppDispatch } from '../../../app/hooks.ts';
import { ExportMenu } from '../../../components/ui/export-menu.tsx';
import type { Column } from '../../../components/ui/data-table.tsx';
import { DeleteButton } from '../../../components/ui/delete-button.tsx';
import { StatusFilter, statusFilterValue } from '../../../components/ui/list-filters.tsx';
import { ListPage } from '../../../components/ui/list-page.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { SearchInput } from '../../../components/ui/search-input.tsx';
import { StatusToggle } from '../../../components/ui/status-toggle.tsx';
import { ModalButton } from '../../../components/ui/modal-button.tsx';
import { featureMessages } from '../../../config/feature-messages.ts';
import { pageQuery, useListParams, useSearchText } from '../../../lib/use-list-params.ts';
import { useNotifySuccess } from '../../../lib/use-notify.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { openModal } from '../../../lib/modal.ts';
import { useSuppliersQuery, useUpdateSupplierMutation } from '../suppliers-api.ts';

type SupplierModal = 'SUPPLIER_EDIT' | 'SUPPLIER_PRODUCTS' | 'SUPPLIER_DELETE';
type OpenSupplierModal = (action: ReturnType<typeof openModal<SupplierModal>>) => void;

/** Editar, Produtos and Excluir of one supplier row. */
function SupplierActions({ supplier, open }: { supplier: TSupplier; open: OpenSupplierModal }) {
  return (
    <>
      <button
        type="button"
        className="btn btn-ghost btn-sm"
        aria-label={`Editar ${supplier.name}`}
        onClick={() =>
          open(openModal('SUPPLIER_EDIT', { supplier }, { title: 'Editar fornecedor', size: 'lg' }))
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
          open(
            openModal(
              'SUPPLIER_PRODUCTS',
              { supplierId: supplier.id },
              { title: `Produtos de ${supplier.name}`, size: 'lg' },
            ),
          )
        }
      >
        <Icon name="link" className="h-4 w-4" />
        Produtos
      </button>
      <DeleteButton
        label={`Excluir ${supplier.name}`}
        onClick={() =>
          open(
            openModal(
              'SUPPLIER_DELETE',
              { supplierId: supplier.id, name: supplier.name },
              { title: 'Excluir fornecedor' },
            ),
          )
        }
      />
    </>
  );
}

/** The supplier list's columns; the status toggle and the row's buttons call back into the page. */
function supplierColumns(
  toggleStatus: (supplierId: number, next: TStatus) => Promise<void>,
  open: OpenSupplierModal,
): Array<Column<TSupplier, (typeof SUPPLIER_SORTS)[number]>> {
  return [
    {
      key: 'name',
      header: 'Razão social',
      sort: 'name',
      cell: (supplier) => (
        <>
          <div className="font-medium">{supplier.name}</div>
          {supplier.tradeName ? (
            <div className="text-base-content/60 text-sm">{supplier.tradeName}</div>
          ) : null}
        </>
      ),
    },
    {
      key: 'document',
      header: 'CNPJ / CPF',
      sort: 'document',
      className: 'font-mono whitespace-nowrap',
      cell: (supplier) => formatDocument(supplier.document),
    },
    {
      key: 'contact',
      header: 'Contato',
      // a long e-mail breaks anywhere instead of pushing the last columns out of sight at 1280 px
      className: 'text-sm wrap-anywhere',
      cell: (supplier) => (
        <>
          {supplier.email ? <div>{supplier.email}</div> : null}
          {supplier.phone ? <div>{formatPhone(supplier.phone)}</div> : null}
        </>
      ),
    },
    {
      key: 'products',
      header: 'Produtos',
      align: 'right',
      cell: (supplier) => <span data-testid="products-count">{supplier.productsCount}</span>,
    },
    {
      key: 'status',
      header: 'Situação',
      sort: 'status',
      cell: (supplier) => (
        <StatusToggle
          status={supplier.status}
          label={`Status de ${supplier.name}`}
          onToggle={(next) => void toggleStatus(supplier.id, next)}
        />
      ),
    },
    {
      key: 'actions',
      header: 'Ações',
      align: 'right',
      className: 'whitespace-nowrap',
      cell: (supplier) => <SupplierActions supplier={supplier} open={open} />,
    },
  ];
}

export default function SuppliersPage() {
  usePageTitle('Fornecedores');
  const dispatch = useAppDispatch();
  const notify = useNotifySuccess();
  const list = useListParams({ sort: 'name', order: 'asc', sorts: SUPPLIER_SORTS });
  const search = useSearchText(list);
  const status = list.get('status');
  const { q } = search;
  const params = pageQuery(list, { q, status: statusFilterValue(status) });
  const suppliers = useSuppliersQuery(params);
  const data = suppliers.isError ? undefined : suppliers.data;
  const [updateSupplier] = useUpdateSupplierMutation();

  const toggleStatus = async (supplierId: number, next: TStatus) => {
    const result = await updateSupplier({ supplierId, data: { status: next } });
    if ('data' in result) notify(featureMessages.success.supplierStatusUpdated);
  };

  const columns = supplierColumns(toggleStatus, (action) => dispatch(action));

  return (
    <ListPage
      title="Fornecedores"
      filters={
        <>
          <SearchInput
            value={search.text}
            onChange={search.setText}
            placeholder="Buscar por nome, fantasia, CNPJ ou CPF"
          />
          <StatusFilter value={status} onChange={(value) => list.setFilter('status', value)} />
        </>
      }
      toolbar={
        <>
          <ExportMenu path="/suppliers/v1" params={params} />
          <ModalButton
            modal="SUPPLIER_ADD"
            extra={{}}
            options={{ title: 'Adicionar fornecedor', size: 'lg' }}
          >
            <Icon name="plus" className="h-4 w-4" />
            Adicionar
          </ModalButton>
        </>
      }
      data={data}
      busy={suppliers.isFetching}
      list={list}
      empty={
        q || status
          ? 'Nenhum fornecedor encontrado com esses filtros.'
          : 'Nenhum fornecedor cadastrado ainda. Comece pelo botão Adicionar.'
      }
      table={{
        columns,
        rowKey: (supplier) => supplier.id,
        rowTestId: (supplier) => `supplier-row-${supplier.document}`,
      }}
    />
  );
}
