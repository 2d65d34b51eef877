import { divRound } from '@armazem/contracts/decimal';
import type { Db, Tx } from '../../db/database.ts';
import { toBigInt } from '../../db/database.ts';
import type { NewLedgerRow } from '../shared/stock-rules.ts';
import type { Dialect } from '../../db/types.ts';
import { post } from '../stock/stock-public-service.ts';
import { runningBefore } from '../stock/stock-public-service.ts';
import type { NfeDocument } from './nfe-reader.ts';
import type { CostedItem } from './nfe-rules.ts';
import { dayAfter } from './nfe-return-costs.ts';

/**
 * A supplier's price complement (finNFe 2, decision 0066): each of its items adds value, without quantity, to the
 * product its referenced note's item (same supplier code) entered as — the part of it whose goods are still in stock
 * at the complement's date; the rest went out with the goods already sold (cost of sales), and the preview says so.
 */

export interface Adjustment {
  item: number;
  productId: number;
  productUnityId: number;
  /** the complement's cost by the regime (what the item would have cost on the original note) */
  complement: bigint;
  /** the part that enters the stock's value */
  value: bigint;
}

/** The referenced notes' items that entered own stock, by supplier code: product, package and base quantity. */
async function referencedEntries(db: Db | Tx, keys: readonly string[]) {
  const out = new Map<string, { productId: number; productUnityId: number; baseQuantity: bigint }>();
  if (keys.length === 0) return out;
  const rows = await db
    .selectFrom('nfe_receipt_items as i')
    .innerJoin('nfe_receipts as r', 'r.id', 'i.receipt_id')
    .innerJoin('stock_ledger as l', (join) =>
      join.onRef('l.nfe_id', '=', 'r.id').onRef('l.product_id', '=', 'i.product_id'),
    )
    .select(['i.supplier_code', 'i.product_id', 'i.product_unity_id'])
    .select((eb) => eb.fn.sum('l.base_quantity').as('base'))
    .where('r.access_key', 'in', [...keys])
    .where('r.undone_at', 'is', null)
    .where('i.effect', 'in', ['purchase', 'bonus_in'])
    .where('l.direction', '=', 'in')
    .where('l.position_id', 'is', null)
    .where('l.cancelled_at', 'is', null)
    .groupBy(['i.supplier_code', 'i.product_id', 'i.product_unity_id'])
    .execute();
  for (const row of rows) {
    out.set(row.supplier_code, {
      productId: row.product_id,
      productUnityId: row.product_unity_id,
      baseQuantity: toBigInt(row.base as string),
    });
  }
  return out;
}

/** What each complement item adjusts, at `occurredOn`; items whose original entry is not found adjust nothing. */
export async function complementAdjustments(
  db: Db | Tx,
  doc: NfeDocument,
  costs: ReadonlyMap<number, CostedItem>,
  occurredOn: string,
): Promise<Adjustment[]> {
  if (doc.finNFe !== '2') return [];
  const entries = await referencedEntries(db, doc.references);
  const out: Adjustment[] = [];
  for (const item of doc.items) {
    const entry = entries.get(item.supplierCode);
    const complement = costs.get(item.item)?.cost ?? 0n;
    if (!entry || entry.baseQuantity === 0n || complement <= 0n) continue;
    const { balance } = await runningBefore(db, entry.productId, dayAfter(occurredOn));
    const inStock = balance.quantity < entry.baseQuantity ? balance.quantity : entry.baseQuantity;
    const value = inStock > 0n ? divRound(complement * inStock, entry.baseQuantity) : 0n;
    out.push({
      item: item.item,
      productId: entry.productId,
      productUnityId: entry.productUnityId,
      complement,
      value,
    });
  }
  return out;
}

/** Posts a complement's value-only entries through the pipeline; answers the value they added. */
export async function postAdjustments(
  tx: Tx,
  dialect: Dialect,
  adjustments: readonly Adjustment[],
  context: AdjustmentContext & { userId: number; today: string },
): Promise<bigint> {
  const rows = adjustmentRows(adjustments, context);
  if (rows.length === 0) return 0n;
  // the import's first posting recorded it
  await post(tx, dialect, { userId: context.userId, today: context.today, add: rows, audit: null });
  return rows.reduce((sum, row) => sum + (row.totalCost ?? 0n), 0n);
}

interface AdjustmentContext {
  occurredOn: string;
  supplierId: number;
  receiptId: number;
  document: string;
  /** the note's establishment's default location: the value goes to that establishment's average */
  locationId: number;
}

/** The value-only entries of a complement. */
function adjustmentRows(adjustments: readonly Adjustment[], context: AdjustmentContext): NewLedgerRow[] {
  return adjustments
    .filter((adjustment) => adjustment.value > 0n)
    .map((adjustment) => ({
      productId: adjustment.productId,
      productUnityId: adjustment.productUnityId,
      direction: 'in',
      quantity: 0n,
      baseQuantity: 0n,
      unitCost: 0n,
      totalCost: adjustment.value,
      occurredOn: context.occurredOn,
      supplierId: context.supplierId,
      reason: null,
      document: context.document,
      notes: 'Complemento de preço',
      source: 'nfe',
      stockMovementId: null,
      nfeId: context.receiptId,
      locationId: context.locationId,
    }));
}
