import type { TProductSelectItem } from '@armazem/contracts/catalog';
import type { LEDGER_SORTS, LEDGER_STATUSES } from '@armazem/contracts/stock';
import { ProductPicker } from '../../../components/ui/product-picker.tsx';
import { SupplierFilter } from '../../../components/ui/list-filters.tsx';
import { PlaceFilter, placeScope } from '../../../components/ui/place-select.tsx';
import { messages } from '../../../config/messages.ts';
import type { useListParams } from '../../../lib/use-list-params.ts';
import { LedgerStatusFilter } from './ledger-history.tsx';
import { DateField } from '../../../components/ui/date-field.tsx';

type LedgerSort = (typeof LEDGER_SORTS)[number];

export interface LedgerFilterProps {
  isEntry: boolean;
  list: ReturnType<typeof useListParams<LedgerSort>>;
  product: TProductSelectItem | null;
  status: (typeof LEDGER_STATUSES)[number];
  rangeInverted: boolean;
}

/**
 * The period, product, supplier (entries), place (with more than one location) and situation filters, kept in the
 * URL; an inverted period says so.
 */
export function LedgerFilters({ isEntry, list, product, status, rangeInverted }: LedgerFilterProps) {
  return (
    <>
      {/* one row on a wide screen, the product with room for its placeholder and a picked name */}
      <div className={`mb-4 grid gap-2 md:grid-cols-3 ${isEntry ? 'xl:grid-cols-6' : 'xl:grid-cols-5'}`}>
        <DateField
          label="De"
          small
          invalid={rangeInverted}
          value={list.get('from')}
          onChange={(date) => list.setFilter('from', date)}
        />
        <DateField
          label="Até"
          small
          invalid={rangeInverted}
          value={list.get('to')}
          onChange={(date) => list.setFilter('to', date)}
        />
        <div className="min-w-0 xl:col-span-2">
          <ProductPicker
            label="Produto"
            small
            value={product}
            onChange={(picked) =>
              list.update({
                productId: picked?.id ?? null,
                productSku: picked?.sku ?? null,
                productName: picked?.name ?? null,
              })
            }
          />
        </div>
        {isEntry ? (
          <SupplierFilter
            value={list.get('supplierId')}
            onChange={(id) => list.setFilter('supplierId', id)}
          />
        ) : null}
        <PlaceFilter scope={placeScope(list.get)} onChange={list.update} />
        <LedgerStatusFilter
          value={status}
          onChange={(next) => list.setFilter('status', next === 'active' ? '' : next)}
        />
      </div>
      {rangeInverted ? (
        <p id="ledger-range-error" role="alert" className="text-error mb-4 text-sm">
          {messages.invertedDateRange}
        </p>
      ) : null}
    </>
  );
}
