import type { TProductSelectItem } from '@armazem/contracts/catalog';
import type { TStockRow } from '@armazem/contracts/stock';
import { NumberField } from '../../../components/ui/number-field.tsx';
import { formatDate, formatUnitMoney, formatQuantity } from '../../../lib/format.ts';
import { useProductBalanceQuery } from '../../../lib/lookups-api.ts';
import { LocationField } from '../../../components/ui/place-select.tsx';
import { usePlaces } from '../../../lib/places-api.ts';
import type { FieldProps } from '../../../lib/use-zod-form.ts';

/** The balance the movement draws on: today's, or at the end of the past date chosen. */
export function AvailableBalance({
  balance,
  date,
  where,
}: {
  balance: TStockRow;
  date: string | undefined;
  /** the location's name, when the balance is one location's */
  where?: string | undefined;
}) {
  const at = where ? ` (${where})` : '';
  return (
    <p className="text-sm md:col-span-2" data-testid="available-balance">
      {date ? `Disponível em ${formatDate(date)}${at}:` : `Disponível${at}:`}{' '}
      <strong>
        {formatQuantity(balance.quantity)} {balance.unity.code}
      </strong>
      {/* a location's value is its establishment's average: said for the whole business only */}
      {where ? null : <> · custo médio {formatUnitMoney(balance.averageCost)}</>}
    </p>
  );
}

/** The quantity, with the warning that it passes the balance under it, in the same column. */
export function QuantityField({
  field,
  describe,
  over,
}: {
  field: FieldProps;
  describe: (plain: string) => string;
  over: TStockRow | null | undefined;
}) {
  return (
    <div>
      <NumberField label="Quantidade" kind="quantity" describe={describe} {...field} />
      {over ? (
        <p className="text-warning text-sm" role="alert">
          A quantidade passa do saldo disponível ({formatQuantity(over.quantity)} {over.unity.code}).
        </p>
      ) : null}
    </div>
  );
}

/**
 * The balance a movement draws on: a back-dated one, that date's (the server checks the later dates when it is
 * saved); otherwise today's.
 */
export function useBalanceOn(product: TProductSelectItem | null, chosen: string | undefined, today: string) {
  const pastDate = chosen && /^\d{4}-\d{2}-\d{2}$/.test(chosen) && chosen < today ? chosen : undefined;
  const { data: balance } = useProductBalanceQuery(
    { sku: product?.sku ?? '', date: pastDate },
    { skip: !product },
  );
  return { balance, pastDate };
}

/** The balance of one location (the product's row of the whole business lists each location's quantity). */
export function balanceAt(
  balance: TStockRow | null | undefined,
  locationId: string,
): TStockRow | null | undefined {
  if (!balance || !locationId) return balance;
  const here = balance.locations.find((location) => String(location.id) === locationId);
  return { ...balance, quantity: here?.quantity ?? '0', locations: here ? [here] : [] };
}

/**
 * The balance a movement draws on at one location (none chosen: the whole business's), on the date chosen, with
 * the location's name for the "Disponível" line.
 */
export function useBalanceAt(
  product: TProductSelectItem | null,
  values: { occurredOn: string; locationId: string },
  today: string,
) {
  const places = usePlaces();
  const { balance, pastDate } = useBalanceOn(product, values.occurredOn, today);
  const where = places.locations.find((l) => String(l.id) === values.locationId)?.name;
  return { balance: balanceAt(balance, values.locationId), pastDate, where, places };
}

/** The entry's or exit's location: asked only when the business has more than one; empty is the default one. */
export function MovementLocationField({ field }: { field: FieldProps }) {
  const places = usePlaces();
  if (!places.several) return null;
  return (
    <LocationField
      label="Depósito"
      placeholder="Padrão"
      hint="Vazio: o depósito padrão."
      places={places}
      {...field}
    />
  );
}
