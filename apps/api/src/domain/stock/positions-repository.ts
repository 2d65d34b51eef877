import { sql } from 'kysely';
import type { Db, Tx } from '../../db/database.ts';
import { ledgerOrderSql } from './ledger-repository.ts';
import { toBigInt } from '../../db/database.ts';
import type { Dialect } from '../../db/types.ts';
import type { LockedBalance, SavedBalance } from './posting-repository.ts';
import { positionOf } from './stock-accounts.ts';

/**
 * SQL of positions (held and sent goods per participant, decision 0065) for the posting pipeline: their running
 * figures locked and saved, and their history read back. A position is found or created before its rows are posted.
 */

export type PositionKind = 'held' | 'sent';

/** The position of a product, kind and participant, created (at zero) the first time it is named. */
export async function positionFor(
  tx: Tx,
  key: { productId: number; kind: PositionKind; participantId: number },
  now: string,
): Promise<number> {
  const find = () =>
    tx
      .selectFrom('stock_positions')
      .select('id')
      .where('product_id', '=', key.productId)
      .where('kind', '=', key.kind)
      .where('participant_id', '=', key.participantId)
      .executeTakeFirst();
  const found = await find();
  if (found) return found.id;
  await tx
    .insertInto('stock_positions')
    .values({
      product_id: key.productId,
      kind: key.kind,
      participant_id: key.participantId,
      quantity: '0',
      total_value: '0',
      last_occurred_on: null,
      updated_at: now,
    })
    .onConflict((oc) => oc.columns(['product_id', 'kind', 'participant_id']).doNothing())
    .execute();
  return (await find())!.id;
}

/**
 * Running figures kept beside the product's balance row, locked (PostgreSQL) in id order: the positions' (held and
 * sent goods) or other establishments' own stock (decision 0068); both tables keep them alike.
 */
export async function lockRunning(
  tx: Tx,
  dialect: Dialect,
  table: 'stock_positions' | 'establishment_stock',
  ids: readonly number[],
): Promise<Map<number, LockedBalance>> {
  const out = new Map<number, LockedBalance>();
  if (ids.length === 0) return out;
  let query = tx
    .selectFrom(table)
    .select(['id', 'quantity', 'total_value', 'last_occurred_on'])
    .where('id', 'in', [...ids])
    .orderBy('id');
  if (dialect === 'postgres') query = query.forUpdate();
  for (const row of await query.execute()) {
    out.set(row.id, {
      balance: { quantity: toBigInt(row.quantity), totalValue: toBigInt(row.total_value) },
      lastDate: row.last_occurred_on,
    });
  }
  return out;
}

/** Saves the positions' running figures (each saved balance's `productId` is the position's account). */
export async function savePositions(tx: Tx, balances: readonly SavedBalance[], now: string): Promise<void> {
  for (const saved of balances) {
    const positionId = positionOf(saved.productId);
    if (positionId === null) continue;
    await tx
      .updateTable('stock_positions')
      .set({
        quantity: saved.balance.quantity.toString(),
        total_value: saved.balance.totalValue.toString(),
        last_occurred_on: saved.lastDate,
        updated_at: now,
      })
      .where('id', '=', positionId)
      .execute();
  }
}

/** What a shortage message names for a position: its product and whose goods are where. */
export async function positionLabel(tx: Tx, positionId: number) {
  const row = await tx
    .selectFrom('stock_positions as sp')
    .innerJoin('suppliers as s', 's.id', 'sp.participant_id')
    .select(['sp.product_id', 'sp.kind', 's.name'])
    .where('sp.id', '=', positionId)
    .executeTakeFirstOrThrow();
  return { productId: row.product_id, kind: row.kind, participant: row.name };
}

type Stored = string | number | bigint;

/** A position `sp`'s running figure at the end of `date`: its stored one when nothing later moved it, else its last row. */
export function positionFigureAt(
  date: string,
  stored: 'quantity' | 'total_value',
  running: 'balance_quantity' | 'balance_value',
) {
  return sql<Stored>`case
    when sp.last_occurred_on is null then 0
    when sp.last_occurred_on <= ${date} then sp.${sql.raw(stored)}
    else coalesce((select y.${sql.raw(running)} from stock_ledger as y
      where y.position_id = sp.id and y.cancelled_at is null and y.occurred_on <= ${date}
      order by ${ledgerOrderSql('y', 'desc')} limit 1), 0)
    end`;
}

/** Each product's goods with third parties (`sent`) and third parties' with us (`held`), now or at the end of `date`. */
export async function positionQuantities(db: Db, productIds: readonly number[], date: string | null) {
  const out = new Map<number, { sent: bigint; held: bigint }>();
  if (productIds.length === 0) return out;
  const quantity =
    date === null ? sql<Stored>`sp.quantity` : positionFigureAt(date, 'quantity', 'balance_quantity');
  const rows = await db
    .selectFrom('stock_positions as sp')
    .select(['sp.product_id', 'sp.kind', quantity.as('quantity')])
    .where('sp.product_id', 'in', [...productIds])
    .execute();
  for (const row of rows) {
    const figures = out.get(row.product_id) ?? { sent: 0n, held: 0n };
    figures[row.kind] += toBigInt(row.quantity);
    out.set(row.product_id, figures);
  }
  return out;
}
