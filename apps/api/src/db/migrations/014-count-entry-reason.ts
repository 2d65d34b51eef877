import { sql } from 'kysely';
import type { Dialect } from '../types.ts';
import type { MigrationDb } from '../schema-helpers.ts';

const OLD_ENTRY = `(direction = 'in' and reason is null)`;
const NEW_ENTRY = `(direction = 'in' and (reason is null or reason = 'ajuste'))`;
const CHECK = `${NEW_ENTRY} or (direction = 'out' and reason is not null)`;

/**
 * An entry may carry the reason `ajuste` (DESIGN.md §2: "in: null or `ajuste`"): a posted count's surplus is an
 * `ajuste` entry, as its shortage is an `ajuste` exit (docs/decisions/0030). Only the ledger's reason/direction
 * check changes; rows already written keep their facts.
 */
export function countEntryReason(dialect: Dialect) {
  return {
    async up(db: MigrationDb) {
      if (dialect === 'postgres') {
        await sql`alter table stock_ledger drop constraint stock_ledger_reason_direction`.execute(db);
        await sql`alter table stock_ledger add constraint stock_ledger_reason_direction
          check (${sql.raw(CHECK)})`.execute(db);
        return;
      }
      await rebuildSqliteLedger(db);
    },
  };
}

/**
 * SQLite cannot alter a CHECK: the table is rebuilt by its documented procedure (create the new table from the old
 * definition with the check changed, copy, drop, rename, then its indexes and triggers again), inside the
 * migration's transaction. No other table references stock_ledger, and every copied row satisfies the looser check.
 */
async function rebuildSqliteLedger(db: MigrationDb) {
  const { rows: tables } = await sql<{ sql: string }>`select sql from sqlite_schema
    where type = 'table' and name = 'stock_ledger'`.execute(db);
  const definition = tables[0]?.sql ?? '';
  const [head, ...rest] = definition.split(OLD_ENTRY);
  if (rest.length !== 1 || !/^CREATE TABLE "stock_ledger" \(/.test(definition))
    throw new Error('stock_ledger: a definição da tabela não é a esperada; migração interrompida.');
  const rebuilt = `${head}${NEW_ENTRY}${rest[0]}`.replace(
    /^CREATE TABLE "stock_ledger"/,
    'CREATE TABLE "stock_ledger_rebuilt"',
  );
  const { rows: attached } = await sql<{ sql: string }>`select sql from sqlite_schema
    where tbl_name = 'stock_ledger' and type in ('index', 'trigger') and sql is not null
    order by case type when 'index' then 0 else 1 end, name`.execute(db);
  const { rows: sequence } = await sql<{ seq: number }>`select seq from sqlite_sequence
    where name = 'stock_ledger'`.execute(db);

  await sql.raw(rebuilt).execute(db);
  await sql`insert into stock_ledger_rebuilt select * from stock_ledger`.execute(db);
  await sql`drop table stock_ledger`.execute(db);
  await sql`alter table stock_ledger_rebuilt rename to stock_ledger`.execute(db);
  for (const object of attached) await sql.raw(object.sql).execute(db);
  const seq = sequence[0]?.seq;
  if (seq !== undefined)
    await sql`update sqlite_sequence set seq = max(seq, ${seq}) where name = 'stock_ledger'`.execute(db);
}
