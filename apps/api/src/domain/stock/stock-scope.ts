import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { toBigInt } from '../../db/database.ts';
import { divRound } from '@armazem/contracts/decimal';
import { badRequest } from '../../lib/errors.ts';
import { ledgerOrderSql } from './ledger-repository.ts';

/**
 * Which stock a list or report reads (DESIGN.md §6.3, decision 0068): the whole business, one establishment, or one
 * location. An establishment's figures are its own running figures; a location's quantity is its own and its value
 * that quantity at its establishment's average (never a sum of rounded location values).
 */
export type StockScope =
  | { kind: 'all' }
  | { kind: 'establishment'; establishmentId: number; first: boolean }
  | { kind: 'location'; locationId: number; establishmentId: number; first: boolean };

/** The scope `establishmentId` and `locationId` name, checked: both exist and the location is of that establishment. */
export async function scopeOf(
  db: Db,
  query: { establishmentId?: number | undefined; locationId?: number | undefined },
): Promise<StockScope> {
  if (!query.establishmentId && !query.locationId) return { kind: 'all' };
  const first = await db.selectFrom('establishments').select('id').orderBy('id').limit(1).executeTakeFirst();
  if (query.locationId) {
    const location = await db
      .selectFrom('locations')
      .select(['id', 'establishment_id'])
      .where('id', '=', query.locationId)
      .executeTakeFirst();
    if (!location) throw badRequest('Depósito não encontrado.', 'locationId');
    if (query.establishmentId && query.establishmentId !== location.establishment_id)
      throw badRequest('O depósito não pertence a este estabelecimento.', 'locationId');
    const establishmentId = location.establishment_id;
    return {
      kind: 'location',
      locationId: location.id,
      establishmentId,
      first: first?.id === establishmentId,
    };
  }
  const establishmentId = query.establishmentId as number;
  const found = await db
    .selectFrom('establishments')
    .select('id')
    .where('id', '=', establishmentId)
    .executeTakeFirst();
  if (!found) throw badRequest('Estabelecimento não encontrado.', 'establishmentId');
  return { kind: 'establishment', establishmentId, first: first?.id === establishmentId };
}

/** Whether any establishment but the first ever held stock: until then the whole business is the first's rows. */
export async function hasBranchStock(db: Db): Promise<boolean> {
  return (await db.selectFrom('establishment_stock').select('id').limit(1).executeTakeFirst()) !== undefined;
}

/** A product's figures in one source: the columns every stock list reads. */
export interface ScopedBalance {
  product_id: number;
  quantity: string | number | bigint;
  total_value: string | number | bigint;
  last_movement_at: string | null;
  last_occurred_on: string | null;
}

/** The own stock of establishments other than the first (one, or all), now or at the end of `date`. */
export function branchBalances(db: Db, establishmentId: number | null, date: string | null) {
  let query = db.selectFrom('establishment_stock as es');
  if (establishmentId !== null) query = query.where('es.establishment_id', '=', establishmentId);
  if (date === null) {
    return query
      .select([
        'es.product_id',
        'es.quantity',
        'es.total_value',
        'es.last_movement_at',
        'es.last_occurred_on',
      ])
      .$castTo<ScopedBalance>();
  }
  return query
    .leftJoin('stock_ledger as x', (join) =>
      join.on(
        sql<boolean>`x.id = (select y.id from stock_ledger as y where y.establishment_stock_id = es.id
          and y.cancelled_at is null and y.occurred_on <= ${date} order by ${ledgerOrderSql('y', 'desc')} limit 1)`,
      ),
    )
    .select((eb) => [
      'es.product_id',
      eb.fn.coalesce('x.balance_quantity', sql<number>`0`).as('quantity'),
      eb.fn.coalesce('x.balance_value', sql<number>`0`).as('total_value'),
      'x.created_at as last_movement_at',
      'x.occurred_on as last_occurred_on',
    ])
    .$castTo<ScopedBalance>();
}

/** Each product's quantity at a location: now, or the sum of its live rows up to the end of `date`. */
export function locationQuantity(db: Db, locationId: number, date: string | null) {
  if (date === null) {
    return db
      .selectFrom('location_balances')
      .select(['product_id', 'quantity as location_quantity'])
      .where('location_id', '=', locationId)
      .$castTo<LocationQuantityRow>();
  }
  return db
    .selectFrom('stock_ledger')
    .select((eb) => [
      'product_id',
      eb.fn
        .sum<string | number>(sql`case when direction = 'in' then base_quantity else -base_quantity end`)
        .as('location_quantity'),
    ])
    .where('location_id', '=', locationId)
    .where('position_id', 'is', null)
    .where('cancelled_at', 'is', null)
    .where('occurred_on', '<=', date)
    .groupBy('product_id')
    .$castTo<LocationQuantityRow>();
}
interface LocationQuantityRow {
  product_id: number;
  location_quantity: string | number | bigint;
}

/** A location's value: its quantity at its establishment's average (the exit rule: the whole value when it holds all). */
export function locationValue(quantity: bigint, establishment: { quantity: bigint; totalValue: bigint }) {
  if (quantity <= 0n || establishment.quantity <= 0n) return 0n;
  if (quantity >= establishment.quantity) return establishment.totalValue;
  return divRound(establishment.totalValue * quantity, establishment.quantity);
}

/** The same from stored figures. */
export const locationValueOf = (quantity: unknown, total: unknown, all: unknown) =>
  locationValue(toBigInt(quantity as string), {
    quantity: toBigInt(all as string),
    totalValue: toBigInt(total as string),
  });
