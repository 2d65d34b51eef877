import type { TProductDetail } from '@armazem/contracts/catalog';
import { DataTable, type Column } from '../../../components/ui/data-table.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { TitleCard } from '../../../components/ui/title-card.tsx';
import { ModalButton } from '../../../components/ui/modal-button.tsx';
import { formatDate, formatUnitMoney } from '../../../lib/format.ts';

type Price = TProductDetail['prices'][number];

const PRICE_COLUMNS: Array<Column<Price>> = [
  { key: 'effectiveFrom', header: 'Vigência', cell: (price) => formatDate(price.effectiveFrom) },
  { key: 'unity', header: 'Embalagem', cell: (price) => price.productUnity?.label ?? 'Unidade base' },
  { key: 'cost', header: 'Custo', align: 'right', cell: (price) => formatUnitMoney(price.costPrice) },
  { key: 'sale', header: 'Venda', align: 'right', cell: (price) => formatUnitMoney(price.salePrice) },
  { key: 'createdBy', header: 'Cadastrado por', cell: (price) => price.createdBy.name },
];

/** Prices are never edited: each change is a new row with the date it takes effect. */
export function ProductPricesCard({ product, hidden }: { product: TProductDetail; hidden: boolean }) {
  return (
    <TitleCard
      hidden={hidden}
      title="Histórico de preços"
      actions={
        <ModalButton
          modal="PRICE_ADD"
          extra={{ productId: product.id, unities: product.unities }}
          options={{ title: 'Adicionar preço' }}
        >
          Adicionar preço
        </ModalButton>
      }
    >
      {product.prices.length === 0 ? (
        <EmptyState>
          Nenhum preço cadastrado. Os preços nunca são editados: cada mudança é um novo registro com data de
          vigência.
        </EmptyState>
      ) : (
        <DataTable
          label="Histórico de preços"
          testId="prices-table"
          columns={PRICE_COLUMNS}
          rows={product.prices}
          rowKey={(price) => price.id}
          zebra={false}
        />
      )}
    </TitleCard>
  );
}
