import { Link, useParams } from 'react-router';
import { FiscalSummary } from './fiscal-fields.tsx';
import type { TProductDetail } from '@armazem/contracts/catalog';
import { useAppDispatch } from '../../../app/hooks.ts';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { PageLoader } from '../../../components/ui/page-loader.tsx';
import { StatusToggle } from '../../../components/ui/status-toggle.tsx';
import { TableScroll } from '../../../components/ui/table-scroll.tsx';
import { TitleCard } from '../../../components/ui/title-card.tsx';
import { messages } from '../../../config/messages.ts';
import { paths } from '../../../config/paths.ts';
import { formatDate, formatMoney, formatQuantity } from '../../../lib/format.ts';
import { formatDocument } from '@armazem/contracts/documents';
import { useLinkSupplierProductMutation } from '../../../lib/lookups-api.ts';
import { useNotifySuccess } from '../../../lib/use-notify.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { openModal } from '../../../lib/modal.ts';
import NotFoundPage from '../../../components/layout/not-found-page.tsx';
import { useProductQuery, useUpdateProductMutation } from '../products-api.ts';
import { KardexTab, ProductTabs, useProductTab } from './kardex-tab.tsx';

export default function ProductDetailPage() {
  const productId = Number(useParams().productId);
  const {
    data: product,
    isLoading,
    isError,
  } = useProductQuery(productId, { skip: !Number.isInteger(productId) });
  if (!Number.isInteger(productId) || isError) return <NotFoundPage />;
  if (isLoading || !product) return <PageLoader />;
  return <ProductDetail product={product} />;
}

function ProductDetail({ product }: { product: TProductDetail }) {
  usePageTitle(product.name);
  const dispatch = useAppDispatch();
  const notify = useNotifySuccess();
  const [updateProduct] = useUpdateProductMutation();
  const [linkSupplier] = useLinkSupplierProductMutation();
  const [tab, setTab] = useProductTab();
  const onKardex = tab === 'kardex';
  const productId = product.id;

  const toggleStatus = async () => {
    const result = await updateProduct({
      productId: product.id,
      data: { status: product.status === 'active' ? 'inactive' : 'active' },
    });
    if ('data' in result) notify(messages.success.productStatusUpdated);
  };
  const unlink = async (supplierId: number) => {
    const result = await linkSupplier({
      supplierId,
      productId: product.id,
      linked: false,
      origin: 'product',
    });
    if ('data' in result) notify(messages.success.productUnlinked);
  };

  return (
    <div className="flex flex-col gap-6">
      <div className="text-sm breadcrumbs">
        <ul>
          <li>
            <Link to={paths.products}>Produtos</Link>
          </li>
          <li>{product.sku}</li>
        </ul>
      </div>
      <TitleCard
        title={`${product.sku} · ${product.name}`}
        actions={
          <>
            <StatusToggle
              status={product.status}
              label="Status do produto"
              onToggle={() => void toggleStatus()}
            />
            <button
              type="button"
              className="btn btn-sm"
              onClick={() =>
                dispatch(openModal('PRODUCT_EDIT', { product }, { title: 'Editar produto', size: 'lg' }))
              }
            >
              <Icon name="edit" className="h-4 w-4" /> Editar
            </button>
            <button
              type="button"
              className="btn btn-sm btn-ghost text-error"
              onClick={() =>
                dispatch(
                  openModal(
                    'PRODUCT_DELETE',
                    { productId, name: product.name, backToList: true },
                    { title: 'Excluir produto' },
                  ),
                )
              }
            >
              <Icon name="trash" className="h-4 w-4" /> Excluir
            </button>
          </>
        }
      >
        <div className="stats stats-vertical md:stats-horizontal w-full">
          <div className="stat">
            <div className="stat-title">Em estoque</div>
            <div className="stat-value text-2xl" data-testid="product-stock">
              {formatQuantity(product.stock.quantity)} {product.baseUnity.code}
            </div>
            <div className="stat-desc">
              Mínimo: {formatQuantity(product.minStock)} {product.baseUnity.code}
            </div>
          </div>
          <div className="stat">
            <div className="stat-title">Custo médio</div>
            <div className="stat-value text-2xl">{formatMoney(product.stock.averageCost)}</div>
            <div className="stat-desc">Valor em estoque: {formatMoney(product.stock.totalValue)}</div>
          </div>
          <div className="stat">
            <div className="stat-title">Preço de venda atual</div>
            <div className="stat-value text-2xl">
              {product.currentPrice ? formatMoney(product.currentPrice.salePrice) : '—'}
            </div>
            <div className="stat-desc">
              {product.currentPrice
                ? `Custo ${formatMoney(product.currentPrice.costPrice)} desde ${formatDate(product.currentPrice.effectiveFrom)}`
                : 'Sem preço cadastrado'}
            </div>
          </div>
        </div>
        <dl className="mt-4 grid gap-2 text-sm md:grid-cols-3">
          <div>
            <dt className="text-base-content/60">Categoria</dt>
            <dd>{product.category.name}</dd>
          </div>
          <div>
            <dt className="text-base-content/60">Unidade base</dt>
            <dd>
              {product.baseUnity.code} — {product.baseUnity.name}
            </dd>
          </div>
          <div>
            <dt className="text-base-content/60">Código de barras</dt>
            <dd>{product.barcode ?? '—'}</dd>
          </div>
          <FiscalSummary product={product} />
          {product.description ? (
            <div className="md:col-span-3">
              <dt className="text-base-content/60">Descrição</dt>
              <dd>{product.description}</dd>
            </div>
          ) : null}
        </dl>
      </TitleCard>

      <ProductTabs tab={tab} onChange={setTab} />
      {onKardex ? <KardexTab productId={product.id} /> : null}

      <TitleCard
        hidden={onKardex}
        title="Embalagens"
        actions={
          <button
            type="button"
            className="btn btn-primary btn-sm"
            onClick={() =>
              dispatch(openModal('PRODUCT_UNITY_FORM', { productId }, { title: 'Adicionar embalagem' }))
            }
          >
            Adicionar embalagem
          </button>
        }
      >
        <TableScroll label="Embalagens">
          <table className="table" data-testid="unities-table">
            <thead>
              <tr>
                <th>Embalagem</th>
                <th className="text-right">Quantidade ({product.baseUnity.code})</th>
                <th>Código de barras</th>
                <th>Status</th>
                <th className="text-right">Ações</th>
              </tr>
            </thead>
            <tbody>
              {product.unities.map((unity) => (
                <tr key={unity.id}>
                  <td>
                    {unity.label}{' '}
                    {unity.isDefault ? <span className="badge badge-ghost badge-sm">padrão</span> : null}
                  </td>
                  <td className="text-right">{formatQuantity(unity.quantity)}</td>
                  <td>{unity.barcode ?? '—'}</td>
                  <td>{unity.status === 'active' ? 'Ativa' : 'Inativa'}</td>
                  <td className="text-right whitespace-nowrap">
                    {unity.isDefault ? null : (
                      <>
                        <button
                          type="button"
                          className="btn btn-ghost btn-sm"
                          aria-label={`Editar ${unity.label}`}
                          onClick={() =>
                            dispatch(
                              openModal(
                                'PRODUCT_UNITY_FORM',
                                { productId, unity },
                                { title: 'Editar embalagem' },
                              ),
                            )
                          }
                        >
                          <Icon name="edit" className="h-4 w-4" />
                        </button>
                        <button
                          type="button"
                          className="btn btn-ghost btn-sm text-error"
                          aria-label={`Excluir ${unity.label}`}
                          onClick={() =>
                            dispatch(
                              openModal(
                                'PRODUCT_UNITY_DELETE',
                                { productId, unityId: unity.id, label: unity.label },
                                { title: 'Excluir embalagem' },
                              ),
                            )
                          }
                        >
                          <Icon name="trash" className="h-4 w-4" />
                        </button>
                      </>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      </TitleCard>

      <TitleCard
        hidden={onKardex}
        title="Histórico de preços"
        actions={
          <button
            type="button"
            className="btn btn-primary btn-sm"
            onClick={() =>
              dispatch(
                openModal('PRICE_ADD', { productId, unities: product.unities }, { title: 'Adicionar preço' }),
              )
            }
          >
            Adicionar preço
          </button>
        }
      >
        {product.prices.length === 0 ? (
          <EmptyState>
            Nenhum preço cadastrado. Os preços nunca são editados: cada mudança é um novo registro com data de
            vigência.
          </EmptyState>
        ) : (
          <TableScroll label="Histórico de preços">
            <table className="table" data-testid="prices-table">
              <thead>
                <tr>
                  <th>Vigência</th>
                  <th>Embalagem</th>
                  <th className="text-right">Custo</th>
                  <th className="text-right">Venda</th>
                  <th>Cadastrado por</th>
                </tr>
              </thead>
              <tbody>
                {product.prices.map((price) => (
                  <tr key={price.id}>
                    <td>{formatDate(price.effectiveFrom)}</td>
                    <td>{price.productUnity?.label ?? 'Unidade base'}</td>
                    <td className="text-right">{formatMoney(price.costPrice)}</td>
                    <td className="text-right">{formatMoney(price.salePrice)}</td>
                    <td>{price.createdBy.name}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
      </TitleCard>

      <TitleCard
        hidden={onKardex}
        title="Fornecedores"
        actions={
          <button
            type="button"
            className="btn btn-primary btn-sm"
            onClick={() =>
              dispatch(
                openModal(
                  'PRODUCT_SUPPLIER_LINK',
                  { productId, linkedIds: product.suppliers.map((s) => s.id) },
                  { title: 'Vincular fornecedor' },
                ),
              )
            }
          >
            Vincular fornecedor
          </button>
        }
      >
        {product.suppliers.length === 0 ? (
          <EmptyState>Nenhum fornecedor vinculado a este produto.</EmptyState>
        ) : (
          <ul className="divide-base-300 divide-y" data-testid="product-suppliers">
            {product.suppliers.map((supplier) => (
              <li key={supplier.id} className="flex items-center justify-between gap-2 py-2">
                <span className="min-w-0 break-words">
                  {supplier.name}{' '}
                  <span className="text-base-content/60 text-sm">({formatDocument(supplier.document)})</span>
                </span>
                <button
                  type="button"
                  className="btn btn-ghost btn-sm"
                  onClick={() => void unlink(supplier.id)}
                >
                  Desvincular
                </button>
              </li>
            ))}
          </ul>
        )}
      </TitleCard>
    </div>
  );
}
