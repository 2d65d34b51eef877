import type { ComponentProps } from 'react';
import { Link } from 'react-router';
import { PRODUCT_SORTS, type TProduct } from '@armazem/contracts/catalog';
import type { TStatus } from '@armazem/contracts/common';
import { useAppDispatch } from '../../../app/hooks.ts';
import { ExportMenu } from '../../../components/ui/export-menu.tsx';
import { figureColumn, type Column } from '../../../components/ui/data-table.tsx';
import { DeleteButton } from '../../../components/ui/delete-button.tsx';
import { CategoryFilter, StatusFilter, statusFilterValue } from '../../../components/ui/list-filters.tsx';
import { ListPage } from '../../../components/ui/list-page.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { SearchInput } from '../../../components/ui/search-input.tsx';
import { StatusToggle } from '../../../components/ui/status-toggle.tsx';
import { ModalButton } from '../../../components/ui/modal-button.tsx';
import { featureMessages } from '../../../config/feature-messages.ts';
import { paths } from '../../../config/paths.ts';
import { formatUnitMoney, formatQuantity } from '../../../lib/format.ts';
import { pageQuery, useListParams, useSearchText } from '../../../lib/use-list-params.ts';
import { useNotifySuccess } from '../../../lib/use-notify.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { openModal } from '../../../lib/modal.ts';
import { useProductsQuery, useUpdateProductMutation } from '../products-api.ts';
import { usePermitted } from '../../../lib/permissions-api.ts';

/** The product list's columns; the status toggle and the delete button call back into the page. */
function productColumns(
  toggleStatus: (productId: number, next: TStatus) => Promise<void>,
  remove: (product: TProduct) => void,
): Array<Column<TProduct, (typeof PRODUCT_SORTS)[number]>> {
  return [
    // a phone draws the name, the stock and the actions: the other columns only from 768 px
    {
      key: 'sku',
      header: 'Código',
      sort: 'sku',
      // a code is read whole: 'CAF-500G' never breaks at its hyphen
      className: 'font-mono whitespace-nowrap',
      cell: (product) => product.sku,
      narrowHidden: true,
    },
    {
      key: 'name',
      header: 'Nome',
      sort: 'name',
      cell: (product) => (
        <Link to={`${paths.products}/${product.id}`} className="link link-hover font-medium">
          {product.name}
        </Link>
      ),
    },
    {
      key: 'category',
      header: 'Categoria',
      sort: 'category',
      cell: (product) => product.category.name,
      narrowHidden: true,
    },
    figureColumn(
      'stock',
      'Estoque',
      (product) => `${formatQuantity(product.stockQuantity)} ${product.baseUnity.code}`,
      { sort: 'stockQuantity', firstOrder: 'desc' },
    ),
    figureColumn(
      'price',
      'Preço de venda',
      (product) => (product.currentPrice ? formatUnitMoney(product.currentPrice.salePrice) : '—'),
      { narrowHidden: true },
    ),
    {
      key: 'status',
      header: 'Situação',
      sort: 'status',
      // on a phone the product's own screen switches it
      narrowHidden: true,
      cell: (product) => (
        <StatusToggle
          status={product.status}
          label={`Status de ${product.name}`}
          onToggle={(next) => void toggleStatus(product.id, next)}
        />
      ),
    },
    {
      key: 'actions',
      header: 'Ações',
      align: 'right',
      className: 'whitespace-nowrap',
      cell: (product) => (
        <>
          <Link
            to={`${paths.products}/${product.id}`}
            className="btn btn-ghost btn-sm"
            aria-label={`Detalhes de ${product.name}`}
          >
            <Icon name="eye" className="h-4 w-4" />
          </Link>
          <DeleteButton label={`Excluir ${product.name}`} onClick={() => remove(product)} />
        </>
      ),
    },
  ];
}

/** Exportar, Importar planilha and Adicionar: the product list's toolbar. */
function ProductsToolbar({ params }: { params: ComponentProps<typeof ExportMenu>['params'] }) {
  const mayImport = usePermitted('catalog.import');
  return (
    <>
      <ExportMenu path="/products/v1" params={params} />
      {mayImport ? (
        <ModalButton
          modal="CATALOG_IMPORT"
          extra={{}}
          options={{ title: 'Importar planilha de produtos', size: 'lg' }}
          plain
        >
          <Icon name="upload" className="h-4 w-4" />
          Importar planilha
        </ModalButton>
      ) : null}
      <ModalButton modal="PRODUCT_ADD" extra={{}} options={{ title: 'Adicionar produto', size: 'lg' }}>
        <Icon name="plus" className="h-4 w-4" />
        Adicionar
      </ModalButton>
    </>
  );
}

export default function ProductsPage() {
  usePageTitle('Produtos');
  const dispatch = useAppDispatch();
  const notify = useNotifySuccess();
  const list = useListParams({ sort: 'name', order: 'asc', sorts: PRODUCT_SORTS });
  const search = useSearchText(list);
  const categoryId = list.get('categoryId');
  const status = list.get('status');
  const { q } = search;
  const params = pageQuery(list, {
    q,
    categoryId: categoryId ? Number(categoryId) : undefined,
    status: statusFilterValue(status),
  });
  const products = useProductsQuery(params);
  // the previous page stays while the next loads; a failed call shows no stale rows
  const data = products.isError ? undefined : products.data;
  const [updateProduct] = useUpdateProductMutation();

  const toggleStatus = async (productId: number, next: TStatus) => {
    const result = await updateProduct({ productId, data: { status: next } });
    if ('data' in result) notify(featureMessages.success.productStatusUpdated);
  };

  const columns = productColumns(toggleStatus, (product) =>
    dispatch(
      openModal(
        'PRODUCT_DELETE',
        { productId: product.id, name: product.name },
        { title: 'Excluir produto' },
      ),
    ),
  );

  return (
    <ListPage
      title="Produtos"
      filters={
        <>
          <SearchInput
            value={search.text}
            onChange={search.setText}
            placeholder="Código, nome ou código de barras"
          />
          <CategoryFilter value={categoryId} onChange={(value) => list.setFilter('categoryId', value)} />
          <StatusFilter value={status} onChange={(value) => list.setFilter('status', value)} />
        </>
      }
      toolbar={<ProductsToolbar params={params} />}
      data={data}
      busy={products.isFetching}
      list={list}
      empty={
        q || categoryId || status ? (
          <p>Nenhum produto encontrado com esses filtros.</p>
        ) : (
          <p>Nenhum produto cadastrado ainda. Comece pelo botão Adicionar.</p>
        )
      }
      table={{
        columns,
        rowKey: (product) => product.id,
        rowTestId: (product) => `product-row-${product.sku}`,
      }}
    />
  );
}
