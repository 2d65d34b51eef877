import type { TReorderRow } from '@armazem/contracts/reports';
import { divRound } from '@armazem/contracts/decimal';
import { toBigInt, type Db } from '../../db/database.ts';
import type { Dialect } from '../../db/types.ts';
import type { Clock } from '../../lib/dates.ts';
import { quantityOut } from '../../lib/numbers.ts';
import { type Place } from '../inventory/inventory-public-service.ts';
import type { InventoryService } from '../inventory/inventory-service.ts';
import { productRefs, supplierNames } from './reports-repository.ts';
import { suggestionsQuery } from './reorder-query.ts';
import { addDays } from './reports-rules.ts';

interface Deps {
  db: Db;
  dialect: Dialect;
  clock: Clock;
  inventory: Pick<InventoryService, 'placeOf'>;
}

const WHOLE = 1000n;

/**
 * The quantity to order, in thousandths of the base unit: minimum + exits ÷ N × lead time − balance (never below
 * zero), rounded up to a whole unit when the unit takes no fractions.
 */
export function suggestedQuantity(
  figures: { minStock: bigint; balance: bigint; exits: bigint; days: number; leadTimeDays: number },
  fractional: boolean,
): bigint {
  const need =
    figures.minStock + divRound(figures.exits * BigInt(figures.leadTimeDays), BigInt(figures.days));
  const missing = need - figures.balance;
  if (missing <= 0n) return 0n;
  return fractional ? missing : ((missing + WHOLE - 1n) / WHOLE) * WHOLE;
}

/** A product to buy, in the purchase list's order (supplier, then product, by their sort keys). */
export interface Suggestion {
  supplierId: number;
  supplierSort: string;
  leadTimeDays: number;
  productId: number;
  nameSort: string;
  balance: bigint;
  minStock: bigint;
  exits: bigint;
  suggested: bigint;
}

/**
 * Reorder suggestions of the place: the products with something to buy, by supplier and name (the purchase list),
 * all of them or one page (`suggestionsQuery` runs the rule in the database). Only the figures: `reorderRows` writes
 * out the rows.
 */
export async function reorder(
  { db, dialect, clock, inventory }: Deps,
  query: { days: number; supplierId?: number | undefined } & Place,
  page?: { page: number; pageSize: number },
) {
  const to = clock.today();
  const where = await inventory.placeOf(query);
  const from = addDays(to, 1 - query.days);
  const rows = await suggestionsQuery(db, dialect, where, { ...query, from, to })
    .$if(page !== undefined, (q) =>
      q.limit(page?.pageSize ?? 0).offset(((page?.page ?? 1) - 1) * (page?.pageSize ?? 0)),
    )
    .execute();
  const suggestions: Suggestion[] = rows.map((row) => ({
    supplierId: row.supplier_id,
    supplierSort: row.supplier_sort,
    leadTimeDays: Number(row.lead_time_days),
    productId: row.product_id,
    nameSort: row.name_sort,
    balance: toBigInt(row.balance),
    minStock: toBigInt(row.min_stock),
    exits: toBigInt(row.exits),
    suggested: toBigInt(row.suggested),
  }));
  // a page past the last one has no rows to count with: count the whole list
  const total =
    rows[0] !== undefined
      ? Number(rows[0].total)
      : page && page.page > 1
        ? (await suggestionsQuery(db, dialect, where, { ...query, from, to }).execute()).length
        : 0;
  return { suggestions, total, days: query.days };
}

/** The rows of `suggestions` as the report and the purchase list write them. */
export async function reorderRows(
  db: Db,
  suggestions: readonly Suggestion[],
  days: number,
): Promise<TReorderRow[]> {
  const [refs, suppliers] = await Promise.all([
    productRefs(
      db,
      suggestions.map((row) => row.productId),
    ),
    supplierNames(db, [...new Set(suggestions.map((row) => row.supplierId))]),
  ]);
  return suggestions.map((row) => {
    const ref = refs.get(row.productId);
    return {
      supplier: {
        id: row.supplierId,
        name: suppliers.get(row.supplierId) ?? '',
        leadTimeDays: row.leadTimeDays,
      },
      product: { id: row.productId, sku: ref?.sku ?? '', name: ref?.name ?? '' },
      unity: ref?.unity ?? '',
      quantity: quantityOut(row.balance),
      minStock: quantityOut(row.minStock),
      dailyRate: quantityOut(divRound(row.exits, BigInt(days))),
      suggestedQuantity: quantityOut(row.suggested),
    };
  });
}
