import type { TProductDetail } from '@armazem/contracts/catalog';
import { useAppDispatch } from '../../../app/hooks.ts';
import { Icon } from '../../../components/ui/icon.tsx';
import { StatusToggle } from '../../../components/ui/status-toggle.tsx';
import { TitleCard } from '../../../components/ui/title-card.tsx';
import { featureMessages } from '../../../config/feature-messages.ts';
import { formatDate, formatMoney, formatUnitMoney, formatQuantity } from '../../../lib/format.ts';
import { openModal } from '../../../lib/modal.ts';
import { useNotifySuccess } from '../../../lib/use-notify.ts';
import { useUpdateProductMutation } from '../products-api.ts';
import { FiscalSummary } from './fiscal-fields.tsx';

/** Status, Editar and Excluir of the product screen's title. */
function ProductActions({ product }: { product: TProductDetail }) {
  const dispatch = useAppDispatch();
  const notify = useNotifySuccess();
  const [updateProduct] = useUpdateProductMutation();
  const toggleStatus = async () => {
    const result = await updateProduct({
      productId: product.id,
      data: { status: product.status === 'active' ? 'inactive' : 'active' },
    });
    if ('data' in result) notify(featureMessages.success.productStatusUpdated);
  };
  return (
    <>
      <StatusToggle status={product.status} label="Status do produto" onToggle={() => void toggleStatus()} />
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
              { productId: product.id, name: product.name, backToList: true },
              { title: 'Excluir produto' },
            ),
          )
        }
      >
        <Icon name="trash" className="h-4 w-4" /> Excluir
      </button>
    </>
  );
}

/** Stock, average cost and current price, the three figures a product is looked up for. */
function ProductStats({ product }: { product: TProductDetail }) {
  const { stock, currentPrice, baseUnity } = product;
  return (
    <div className="stats stats-vertical md:stats-horizontal w-full">
      <div className="stat">
        <div className="stat-title">Em estoque</div>
        <div className="stat-value text-2xl" data-testid="product-stock">
          {formatQuantity(stock.quantity)} {baseUnity.code}
        </div>
        <div className="stat-desc">
          Mínimo: {formatQuantity(product.minStock)} {baseUnity.code}
        </div>
      </div>
      <div className="stat">
        <div className="stat-title">Custo médio</div>
        <div className="stat-value text-2xl">{formatUnitMoney(stock.averageCost)}</div>
        <div className="stat-desc">Valor em estoque: {formatMoney(stock.totalValue)}</div>
      </div>
      <div className="stat">
        <div className="stat-title">Preço de venda atual</div>
        <div className="stat-value text-2xl">
          {currentPrice ? formatUnitMoney(currentPrice.salePrice) : '—'}
        </div>
        <div className="stat-desc">
          {currentPrice
            ? `Custo ${formatUnitMoney(currentPrice.costPrice)} desde ${formatDate(currentPrice.effectiveFrom)}`
            : 'Sem preço cadastrado'}
        </div>
      </div>
    </div>
  );
}

/** Category, base unit, barcode, fiscal fields and description. */
function ProductFacts({ product }: { product: TProductDetail }) {
  return (
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
  );
}

/** The product screen's title card: what the product is and how much of it there is. */
export function ProductSummary({ product }: { product: TProductDetail }) {
  return (
    <TitleCard title={`${product.sku} · ${product.name}`} actions={<ProductActions product={product} />}>
      <ProductStats product={product} />
      <ProductFacts product={product} />
    </TitleCard>
  );
}
