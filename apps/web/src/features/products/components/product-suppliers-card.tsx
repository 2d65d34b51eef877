import type { TProductDetail } from '@armazem/contracts/catalog';
import { formatDocument } from '@armazem/contracts/documents';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { TitleCard } from '../../../components/ui/title-card.tsx';
import { ModalButton } from '../../../components/ui/modal-button.tsx';
import { featureMessages } from '../../../config/feature-messages.ts';
import { useLinkSupplierProductMutation } from '../../../lib/lookups-api.ts';
import { useNotifySuccess } from '../../../lib/use-notify.ts';

/** The suppliers linked to the product: link more in a modal, unlink one here. */
export function ProductSuppliersCard({ product, hidden }: { product: TProductDetail; hidden: boolean }) {
  const notify = useNotifySuccess();
  const [linkSupplier] = useLinkSupplierProductMutation();
  const unlink = async (supplierId: number) => {
    const result = await linkSupplier({
      supplierId,
      productId: product.id,
      linked: false,
      origin: 'product',
    });
    if ('data' in result) notify(featureMessages.success.productUnlinked);
  };
  return (
    <TitleCard
      hidden={hidden}
      title="Fornecedores"
      actions={
        <ModalButton
          modal="PRODUCT_SUPPLIER_LINK"
          extra={{ productId: product.id, linkedIds: product.suppliers.map((s) => s.id) }}
          options={{ title: 'Vincular fornecedor' }}
        >
          Vincular fornecedor
        </ModalButton>
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
              <button type="button" className="btn btn-ghost btn-sm" onClick={() => void unlink(supplier.id)}>
                Desvincular
              </button>
            </li>
          ))}
        </ul>
      )}
    </TitleCard>
  );
}
