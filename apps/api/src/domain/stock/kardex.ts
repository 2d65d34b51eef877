import type { TKardex } from '@armazem/contracts/stock-history';
import type { Db } from '../../db/database.ts';
import { toBigInt } from '../../db/database.ts';
import { moneyOut, quantityOut } from '../../lib/numbers.ts';
import { productNotFound } from '../shared/catalog-rules.ts';
import { accountHistoryBefore, ofAccount } from './history-repository.ts';
import { ledgerOrderSql } from './ledger-repository.ts';
import { costPerBaseUnit, positionOf, type Balance } from '../shared/stock-rules.ts';
import { accountOf } from './stock-accounts.ts';
import { locationValue, scopeOf } from './stock-scope.ts';
import { sql } from 'kysely';

const position = (balance: Balance) => {
  const p = positionOf(balance);
  return {
    quantity: quantityOut(p.quantity),
    averageCost: moneyOut(p.averageCost),
    totalValue: moneyOut(p.totalValue),
  };
};

/** The establishment (and location) a kardex reads, and the account of the product there. */
async function kardexScope(
  db: Db,
  productId: number,
  query: { establishmentId?: number; locationId?: number },
) {
  const scope = await scopeOf(db, query);
  const establishments = db.selectFrom('establishments').select(['id', 'name']).orderBy('id');
  const first = await establishments.limit(1).executeTakeFirstOrThrow();
  const establishmentId = scope.kind === 'all' ? first.id : scope.establishmentId;
  const establishment = await establishments.where('id', '=', establishmentId).executeTakeFirstOrThrow();
  const location =
    scope.kind === 'location'
      ? await db
          .selectFrom('locations')
          .select(['id', 'name'])
          .where('id', '=', scope.locationId)
          .executeTakeFirstOrThrow()
      : null;
  let branch: number | null = null;
  if (establishment.id !== first.id) {
    const found = await db
      .selectFrom('establishment_stock')
      .select('id')
      .where('product_id', '=', productId)
      .where('establishment_id', '=', establishment.id)
      .executeTakeFirst();
    // an establishment that never held the product: an account no row names
    branch = found?.id ?? 0;
  }
  return { establishment, location, account: accountOf({ productId, establishmentStockId: branch }) };
}

/**
 * A product's kardex for a date range: the position before it, each live row in ledger order with the running
 * figures the pipeline stored, and the position at its end. Quantities in base units. An establishment's kardex
 * (default: the first's) shows its running figures, a transfer inside it as two rows that change none; a location's
 * shows its own rows, its running quantity and that quantity at the establishment's average after each row.
 */
export async function kardex(
  db: Db,
  productId: number,
  range: { from: string; to: string; establishmentId?: number; locationId?: number },
): Promise<TKardex> {
  const product = await db
    .selectFrom('products as p')
    .innerJoin('unities as u', 'u.id', 'p.base_unity_id')
    .select(['p.id', 'p.sku', 'p.name', 'u.id as unity_id', 'u.code', 'u.name as unity_name'])
    .where('p.id', '=', productId)
    .executeTakeFirst();
  if (!product) throw productNotFound();
  const { establishment, location, account } = await kardexScope(db, productId, range);
  const [{ balance: before }, rows, locationBefore] = await Promise.all([
    accountHistoryBefore(db, account, range.from),
    kardexRows(db, account, location?.id ?? null, range),
    location ? quantityBefore(db, productId, location.id, range.from) : Promise.resolve(0n),
  ]);
  // a location's figures: its own quantity, valued at the establishment's average
  const atLocation = (quantity: bigint, establishmentFigures: Balance): Balance =>
    location ? { quantity, totalValue: locationValue(quantity, establishmentFigures) } : establishmentFigures;
  const opening = atLocation(locationBefore, before);
  let closing = opening;
  let quantityHere = locationBefore;
  const data = rows.map((row) => {
    const baseQuantity = toBigInt(row.base_quantity);
    const totalCost = toBigInt(row.total_cost);
    quantityHere += row.direction === 'in' ? baseQuantity : -baseQuantity;
    const figures = { quantity: toBigInt(row.balance_quantity), totalValue: toBigInt(row.balance_value) };
    closing = atLocation(quantityHere, figures);
    const running = position(closing);
    return {
      id: Number(row.id),
      occurredOn: row.occurred_on,
      direction: row.direction,
      source: row.source,
      reason: row.reason,
      document: row.document,
      supplier:
        row.supplier_id !== null && row.supplier_name !== null
          ? { id: row.supplier_id, name: row.supplier_name }
          : null,
      quantity: quantityOut(baseQuantity),
      unitCost: moneyOut(costPerBaseUnit(totalCost, baseQuantity)),
      totalCost: moneyOut(totalCost),
      balanceQuantity: running.quantity,
      averageCost: running.averageCost,
      balanceValue: running.totalValue,
      createdBy: { id: row.user_id, name: row.user_name },
      createdAt: row.created_at,
    };
  });
  if (location && rows.length === 0) {
    // nothing moved here in the range: the quantity stays, valued at the establishment's figures at its end
    closing = atLocation(quantityHere, (await accountHistoryBefore(db, account, nextDay(range.to))).balance);
  }
  return {
    product: { id: product.id, sku: product.sku, name: product.name },
    unity: { id: product.unity_id, code: product.code, name: product.unity_name },
    from: range.from,
    to: range.to,
    opening: position(opening),
    data,
    closing: position(closing),
    establishment,
    location,
  };
}

/** A location's own quantity of a product before `date`. */
async function quantityBefore(db: Db, productId: number, locationId: number, date: string) {
  const row = await db
    .selectFrom('stock_ledger')
    .select((eb) =>
      eb.fn
        .sum<string | number>(sql`case when direction = 'in' then base_quantity else -base_quantity end`)
        .as('quantity'),
    )
    .where('product_id', '=', productId)
    .where('location_id', '=', locationId)
    .where('position_id', 'is', null)
    .where('cancelled_at', 'is', null)
    .where('occurred_on', '<', date)
    .executeTakeFirst();
  return toBigInt(row?.quantity ?? 0);
}

const nextDay = (date: string) => {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
};

/** The live rows of an account (at one location, when asked) in the range, in ledger order. */
function kardexRows(db: Db, account: number, locationId: number | null, range: { from: string; to: string }) {
  return db
    .selectFrom('stock_ledger as l')
    .innerJoin('users as us', 'us.id', 'l.created_by')
    .leftJoin('suppliers as s', 's.id', 'l.supplier_id')
    .select([
      'l.id',
      'l.occurred_on',
      'l.direction',
      'l.source',
      'l.reason',
      'l.document',
      'l.base_quantity',
      'l.total_cost',
      'l.balance_quantity',
      'l.balance_value',
      'l.created_at',
      's.id as supplier_id',
      's.name as supplier_name',
      'us.id as user_id',
      'us.name as user_name',
    ])
    .$call((q) => ofAccount(q, account))
    .$if(locationId !== null, (q) => q.where('l.location_id', '=', locationId ?? 0))
    .where('l.cancelled_at', 'is', null)
    .where('l.occurred_on', '>=', range.from)
    .where('l.occurred_on', '<=', range.to)
    .orderBy(ledgerOrderSql('l'))
    .execute();
}
