import { Link, useParams } from 'react-router';
import type { TProductDetail } from '@armazem/contracts/catalog';
import NotFoundPage from '../../../components/layout/not-found-page.tsx';
import { HistoryPanel } from '../../../components/ui/history-panel.tsx';
import { PageLoader } from '../../../components/ui/page-loader.tsx';
import { TitleCard } from '../../../components/ui/title-card.tsx';
import { featureMessages } from '../../../config/feature-messages.ts';
import { paths } from '../../../config/paths.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useProductQuery } from '../products-api.ts';
import { KardexTab } from './kardex-tab.tsx';
import { ProductPricesCard } from './product-prices-card.tsx';
import { ProductSummary } from './product-summary.tsx';
import { ProductSuppliersCard } from './product-suppliers-card.tsx';
import { ProductTabs, useProductTab } from './product-tabs.tsx';
import { ProductUnitiesCard } from './product-unities-card.tsx';

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

/** The product screen: its summary, then either the overview cards or the Kardex (the cards stay mounted). */
function ProductDetail({ product }: { product: TProductDetail }) {
  usePageTitle(product.name);
  const [tab, setTab] = useProductTab();
  const onKardex = tab !== 'overview';
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
      <ProductSummary product={product} />
      <ProductTabs tab={tab} onChange={setTab} />
      {tab === 'kardex' ? <KardexTab productId={product.id} /> : null}
      {tab === 'history' ? (
        <TitleCard title={featureMessages.audit.historyTitle}>
          <HistoryPanel entity="product" entityId={product.id} title={`${product.sku} · ${product.name}`} />
        </TitleCard>
      ) : null}
      <ProductUnitiesCard product={product} hidden={onKardex} />
      <ProductPricesCard product={product} hidden={onKardex} />
      <ProductSuppliersCard product={product} hidden={onKardex} />
    </div>
  );
}
