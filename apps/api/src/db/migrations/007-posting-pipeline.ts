import { sql } from 'kysely';
import type { Dialect } from '../types.ts';
import { columnTypes, notNull, withId, type MigrationDb } from '../schema-helpers.ts';
import { averageCost, replayLedger, type LedgerFact } from '../../domain/shared/stock-rules.ts';

/**
 * The ledger becomes exact at every date: each row carries the running quantity and value after it (derived,
 * recomputed by the posting pipeline when an earlier row lands or is cancelled), a source, and a cancel reason.
 * Facts stay immutable by trigger; derived figures (an exit's cost, the running figures) may be rewritten.
 */
export function postingPipeline(dialect: Dialect) {
  const t = columnTypes(dialect);
  return {
    async up(db: MigrationDb) {
      await dropAppendOnlyGuards(db, dialect);
      await db.schema
        .alterTable('stock_ledger')
        .addColumn('source', 'varchar(10)', (col) =>
          col
            .notNull()
            .defaultTo('manual')
            .check(sql`source in ('manual', 'sheet', 'nfe', 'count')`),
        )
        .execute();
      await db.schema.alterTable('stock_ledger').addColumn('cancel_reason', 'varchar(200)').execute();
      await db.schema
        .alterTable('stock_ledger')
        .addColumn('balance_quantity', t.bigint, (col) => col.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('stock_ledger')
        .addColumn('balance_value', t.bigint, (col) => col.notNull().defaultTo(0))
        .execute();
      // The date of the product's latest live row: the fast path's "nothing later" check reads it with the lock.
      await db.schema.alterTable('stock_balances').addColumn('last_occurred_on', t.date).execute();
      await sql`update stock_ledger set source = 'sheet' where stock_movement_id is not null`.execute(db);
      if (dialect === 'postgres') {
        // A back-dated movement rewrites the derived figures of every later row of the product. No index holds
        // them, so with half of each page kept free every rewritten row stays on its page as a HOT update: no
        // index entry is written, and the old versions are pruned the next time the page is visited.
        await sql`alter table stock_ledger set (fillfactor = 50)`.execute(db);
      }
      await db.schema
        .createIndex('stock_ledger_live_idx')
        .on('stock_ledger')
        .columns(['product_id', 'occurred_on', 'id'])
        .where(sql.ref('cancelled_at'), 'is', null)
        .execute();
      await backfillDerivedFigures(db);
      await factsGuard(db, dialect);

      await withId(db.schema.createTable('stock_closings'), dialect)
        .addColumn('year', 'integer', notNull)
        .addColumn('month', 'integer', (col) => col.notNull().check(sql`month between 1 and 12`))
        .addColumn('action', 'varchar(10)', (col) => col.notNull().check(sql`action in ('close', 'reopen')`))
        .addColumn('reason', 'varchar(200)')
        .addColumn('closed_through', 'varchar(7)')
        .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id'))
        .addColumn('created_at', t.timestamp, notNull)
        .execute();
    },
  };
}

async function dropAppendOnlyGuards(db: MigrationDb, dialect: Dialect) {
  if (dialect === 'sqlite') {
    await sql`drop trigger if exists stock_ledger_no_delete`.execute(db);
    await sql`drop trigger if exists stock_ledger_cancel_only`.execute(db);
    return;
  }
  await sql`drop trigger if exists stock_ledger_append_only on stock_ledger`.execute(db);
  await sql`drop function if exists stock_ledger_guard()`.execute(db);
}

/** Replays every product's live rows by (occurred_on, id): exit costs and running figures by date. */
async function backfillDerivedFigures(db: MigrationDb) {
  const rows = (
    await sql<{
      id: number | string;
      product_id: number;
      direction: 'in' | 'out';
      quantity: number | string;
      base_quantity: number | string;
      unit_cost: number | string;
      total_cost: number | string;
      occurred_on: string;
    }>`select id, product_id, direction, quantity, base_quantity, unit_cost, total_cost, occurred_on
     from stock_ledger where cancelled_at is null order by product_id, occurred_on, id`.execute(db)
  ).rows;
  const byProduct = new Map<number, LedgerFact[]>();
  for (const row of rows) {
    const list = byProduct.get(row.product_id) ?? [];
    list.push({
      id: Number(row.id),
      direction: row.direction,
      occurredOn: row.occurred_on,
      quantity: BigInt(row.quantity),
      baseQuantity: BigInt(row.base_quantity),
      entryCost: row.direction === 'in' ? BigInt(row.total_cost) : null,
      entryUnitCost: row.direction === 'in' ? BigInt(row.unit_cost) : null,
    });
    byProduct.set(row.product_id, list);
  }
  for (const [productId, facts] of byProduct) {
    // Rows the first release let go negative by date are kept as they are (lenient), never refused here.
    const result = replayLedger({ quantity: 0n, totalValue: 0n }, facts, { lenient: true });
    if (!result.ok) continue;
    for (const [index, fact] of facts.entries()) {
      const derived = result.rows[index];
      if (!derived) continue;
      await sql`update stock_ledger set balance_quantity = ${derived.balanceQuantity.toString()},
        balance_value = ${derived.balanceValue.toString()}, unit_cost = ${derived.unitCost.toString()},
        total_cost = ${derived.totalCost.toString()} where id = ${fact.id}`.execute(db);
    }
    const last = result.balance;
    await sql`update stock_balances set quantity = ${last.quantity.toString()},
      total_value = ${last.totalValue.toString()},
      average_cost = ${averageCost(last).toString()},
      last_occurred_on = ${facts[facts.length - 1]?.occurredOn ?? null} where product_id = ${productId}`.execute(
      db,
    );
  }
}

const FACTS = [
  'id',
  'product_id',
  'product_unity_id',
  'direction',
  'quantity',
  'base_quantity',
  'occurred_on',
  'supplier_id',
  'reason',
  'document',
  'notes',
  'stock_movement_id',
  'source',
  'created_by',
  'created_at',
];
const MESSAGE =
  'O razão de estoque é imutável: linhas não podem ser apagadas, e seus fatos não podem ser alterados.';

/**
 * No row is ever deleted; facts never change; an entry's cost is a fact; a cancelled row is frozen. The guards
 * fire on the columns they protect (UPDATE OF), so the pipeline's rewrite of derived figures runs no trigger
 * body; a cancelled or entry row is still checked by a cheap WHEN.
 */
async function factsGuard(db: MigrationDb, dialect: Dialect) {
  const facts = FACTS.join(', ');
  if (dialect === 'sqlite') {
    const abort = `begin select raise(abort, '${MESSAGE}'); end`;
    await sql.raw(`create trigger stock_ledger_no_delete before delete on stock_ledger ${abort}`).execute(db);
    await sql
      .raw(`create trigger stock_ledger_facts before update of ${facts} on stock_ledger ${abort}`)
      .execute(db);
    await sql
      .raw(
        `create trigger stock_ledger_entry_cost before update of unit_cost, total_cost on stock_ledger
         when old.direction = 'in' and (new.unit_cost is not old.unit_cost or new.total_cost is not old.total_cost)
         ${abort}`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger stock_ledger_cancel_once before update on stock_ledger
         when old.cancelled_at is not null or (new.cancelled_at is not null and new.cancelled_by is null)
         ${abort}`,
      )
      .execute(db);
    return;
  }
  await sql
    .raw(
      `create function stock_ledger_guard() returns trigger language plpgsql as $$
       begin raise exception '${MESSAGE}'; end $$`,
    )
    .execute(db);
  const guard = 'for each row execute function stock_ledger_guard()';
  await sql.raw(`create trigger stock_ledger_no_delete before delete on stock_ledger ${guard}`).execute(db);
  await sql
    .raw(`create trigger stock_ledger_facts before update of ${facts} on stock_ledger ${guard}`)
    .execute(db);
  await sql
    .raw(
      `create trigger stock_ledger_entry_cost before update of unit_cost, total_cost on stock_ledger for each row
       when (old.direction = 'in' and (new.unit_cost, new.total_cost) is distinct from (old.unit_cost, old.total_cost))
       execute function stock_ledger_guard()`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger stock_ledger_cancel_once before update on stock_ledger for each row
       when (old.cancelled_at is not null or (new.cancelled_at is not null and new.cancelled_by is null))
       execute function stock_ledger_guard()`,
    )
    .execute(db);
}
