import { sql } from 'kysely';
import type { Dialect } from '../types.ts';
import { columnTypes, notNull, withId, type MigrationDb } from '../schema-helpers.ts';
import { rebuildSqliteLedger } from '../sqlite-ledger-rebuild.ts';

/**
 * Stock per location and per establishment (DESIGN.md §6.3, decision 0068). Every ledger row gets the location it
 * moved (every row so far: the first establishment's default location, "Principal"); the own stock of any
 * establishment but the first is its own account (`establishment_stock`, running figures like a product's balance
 * row, which stays the first establishment's); each product's quantity per location is kept in `location_balances`;
 * a transfer's two rows share `transfer_id`, and `location_move` marks the pair of a transfer inside one
 * establishment (it changes no figure of the establishment). Nothing else moves: every figure stays as it was.
 */
export function stockLocations(dialect: Dialect) {
  return {
    async up(db: MigrationDb) {
      const principal = await matrizDefaultLocation(db);
      await createTables(db, dialect, principal);
      await addLedgerColumns(db, dialect, principal);
      await widenChecks(db, dialect);
      await guardFacts(db, dialect);
      await moveCostsDerived(db, dialect);
    },
  };
}

async function matrizDefaultLocation(db: MigrationDb) {
  const { rows } = await sql<{ id: number | string }>`select default_location_id as id from establishments
        order by id limit 1`.execute(db);
  const principal = Number(rows[0]?.id);
  if (!Number.isInteger(principal) || principal <= 0)
    throw new Error('Migração 024: o estabelecimento Matriz não tem depósito padrão; migração interrompida.');
  return principal;
}

async function createTables(db: MigrationDb, dialect: Dialect, principal: number) {
  const t = columnTypes(dialect);
  await withId(db.schema.createTable('establishment_stock'), dialect)
    .addColumn('product_id', 'integer', (col) => col.notNull().references('products.id'))
    .addColumn('establishment_id', 'integer', (col) => col.notNull().references('establishments.id'))
    .addColumn('quantity', t.bigint, (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`quantity >= 0`),
    )
    .addColumn('total_value', t.bigint, (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`total_value >= 0`),
    )
    .addColumn('last_occurred_on', t.date)
    .addColumn('last_movement_at', t.timestamp)
    .addColumn('updated_at', t.timestamp, notNull)
    .addUniqueConstraint('establishment_stock_once', ['product_id', 'establishment_id'])
    .execute();

  await withId(db.schema.createTable('stock_transfers'), dialect)
    .addColumn('product_id', 'integer', (col) => col.notNull().references('products.id'))
    .addColumn('product_unity_id', 'integer', (col) => col.notNull().references('product_unities.id'))
    .addColumn('quantity', t.bigint, notNull)
    .addColumn('base_quantity', t.bigint, notNull)
    .addColumn('from_location_id', 'integer', (col) => col.notNull().references('locations.id'))
    .addColumn('to_location_id', 'integer', (col) => col.notNull().references('locations.id'))
    .addColumn('occurred_on', t.date, notNull)
    .addColumn('document', 'varchar(60)')
    .addColumn('notes', 'varchar(500)')
    .addColumn('created_by', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('created_at', t.timestamp, notNull)
    .execute();
  await db.schema
    .createIndex('stock_transfers_product_idx')
    .on('stock_transfers')
    .column('product_id')
    .execute();

  await db.schema
    .createTable('location_balances')
    .addColumn('product_id', 'integer', (col) => col.notNull().references('products.id'))
    .addColumn('location_id', 'integer', (col) => col.notNull().references('locations.id'))
    .addColumn('quantity', t.bigint, (col) => col.notNull().check(sql`quantity >= 0`))
    .addColumn('updated_at', t.timestamp, notNull)
    .addPrimaryKeyConstraint('location_balances_pk', ['product_id', 'location_id'])
    .execute();
  await sql`insert into location_balances (product_id, location_id, quantity, updated_at)
        select product_id, ${principal}, quantity, updated_at from stock_balances`.execute(db);
}

async function addLedgerColumns(db: MigrationDb, dialect: Dialect, principal: number) {
  const t = columnTypes(dialect);

  // SQLite adds a NOT NULL column only with a constant default and no REFERENCES (its rule while foreign keys
  // are on): the location is written by the posting pipeline on every row, and a location holding rows cannot
  // be deleted (places-service), so the reference holds there without the clause.
  const location =
    dialect === 'postgres'
      ? `integer not null default ${principal} references locations (id)`
      : `integer not null default ${principal}`;
  await sql.raw(`alter table stock_ledger add column location_id ${location}`).execute(db);
  await db.schema
    .alterTable('stock_ledger')
    .addColumn('establishment_stock_id', 'integer', (col) => col.references('establishment_stock.id'))
    .execute();
  await db.schema
    .alterTable('stock_ledger')
    .addColumn('transfer_id', 'integer', (col) => col.references('stock_transfers.id'))
    .execute();
  await db.schema
    .alterTable('stock_ledger')
    .addColumn('location_move', t.flag, (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('stock_ledger_branch_idx')
    .on('stock_ledger')
    .columns(['establishment_stock_id', 'occurred_on', 'direction', 'id'])
    .where(sql.ref('establishment_stock_id'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('stock_ledger_transfer_idx')
    .on('stock_ledger')
    .column('transfer_id')
    .where(sql.ref('transfer_id'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('stock_ledger_location_idx')
    .on('stock_ledger')
    .columns(['location_id', 'product_id', 'occurred_on'])
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('default_location_id', 'integer', (col) => col.references('locations.id'))
    .execute();
}

async function widenChecks(db: MigrationDb, dialect: Dialect) {
  // a transfer's rows are their own source: undone as a transfer, never one side alone
  const sources = (list: string) => `check (source in (${list}))`;
  const before = `'manual', 'sheet', 'nfe', 'count'`;
  // and a transfer's exit (typed, or an NF-e's between two establishments) has no reason of its own (it is not a
  // sale, a loss…): the transfer it belongs to is its reason
  const oldExit = `(direction = 'out' and reason is not null)`;
  const newExit = `(direction = 'out' and (reason is not null or transfer_id is not null))`;
  if (dialect === 'sqlite') {
    await rebuildSqliteLedger(db, [
      [sources(before), sources(`${before}, 'transfer'`)],
      [oldExit, newExit],
    ]);
  } else {
    await sql`alter table stock_ledger drop constraint stock_ledger_source_check`.execute(db);
    await sql
      .raw(
        `alter table stock_ledger add constraint stock_ledger_source_check ${sources(`${before}, 'transfer'`)}`,
      )
      .execute(db);
    await sql`alter table stock_ledger drop constraint stock_ledger_reason_direction`.execute(db);
    await sql
      .raw(
        `alter table stock_ledger add constraint stock_ledger_reason_direction
              check ((direction = 'in' and (reason is null or reason = 'ajuste')) or ${newExit})`,
      )
      .execute(db);
  }
}

/**
 * A transfer's entry takes its cost from its exit: inside one establishment the value its rows show (the quantity at
 * the average where it stands), between two the cost it left the origin at. Like an exit's cost, it is derived and
 * rewritten when earlier rows change. Every other entry's cost stays a fact (migration 007's guard).
 */
async function moveCostsDerived(db: MigrationDb, dialect: Dialect) {
  const message =
    'O razão de estoque é imutável: linhas não podem ser apagadas, e seus fatos não podem ser alterados.';
  if (dialect === 'sqlite') {
    await sql`drop trigger stock_ledger_entry_cost`.execute(db);
    await sql
      .raw(
        `create trigger stock_ledger_entry_cost before update of unit_cost, total_cost on stock_ledger
         when old.direction = 'in' and old.location_move = 0 and old.transfer_id is null
           and (new.unit_cost is not old.unit_cost or new.total_cost is not old.total_cost)
         begin select raise(abort, '${message}'); end`,
      )
      .execute(db);
    return;
  }
  await sql`drop trigger stock_ledger_entry_cost on stock_ledger`.execute(db);
  await sql
    .raw(
      `create trigger stock_ledger_entry_cost before update of unit_cost, total_cost on stock_ledger for each row
       when (old.direction = 'in' and old.location_move = 0 and old.transfer_id is null
         and (new.unit_cost, new.total_cost) is distinct from (old.unit_cost, old.total_cost))
       execute function stock_ledger_guard()`,
    )
    .execute(db);
}

async function guardFacts(db: MigrationDb, dialect: Dialect) {
  // where a row was and which transfer it belongs to are facts, like its quantity (migration 007's guards)
  const columns = 'location_id, establishment_stock_id, transfer_id, location_move';
  const message =
    'O razão de estoque é imutável: linhas não podem ser apagadas, e seus fatos não podem ser alterados.';
  await sql
    .raw(
      dialect === 'sqlite'
        ? `create trigger stock_ledger_place_facts before update of ${columns} on stock_ledger
               begin select raise(abort, '${message}'); end`
        : `create trigger stock_ledger_place_facts before update of ${columns} on stock_ledger
               for each row execute function stock_ledger_guard()`,
    )
    .execute(db);
}
