import { sql } from 'kysely';
import type { MigrationDb } from './schema-helpers.ts';

/**
 * SQLite cannot alter a CHECK: the ledger is rebuilt with each `[before, after]` text of its definition changed, by
 * SQLite's documented procedure (create the new table from the changed definition, copy, drop, rename, then its
 * indexes and triggers again), inside the migration's transaction. No other table references stock_ledger, and every
 * copied row satisfies the looser checks (migrations 014 and 022).
 */
export async function rebuildSqliteLedger(
  db: MigrationDb,
  changes: ReadonlyArray<readonly [string, string]>,
) {
  const { rows: tables } = await sql<{ sql: string }>`select sql from sqlite_schema
    where type = 'table' and name = 'stock_ledger'`.execute(db);
  let definition = tables[0]?.sql ?? '';
  if (!/^CREATE TABLE "stock_ledger" \(/.test(definition))
    throw new Error('stock_ledger: a definição da tabela não é a esperada; migração interrompida.');
  for (const [before, after] of changes) {
    const parts = definition.split(before);
    if (parts.length !== 2)
      throw new Error('stock_ledger: a definição da tabela não é a esperada; migração interrompida.');
    definition = `${parts[0]}${after}${parts[1]}`;
  }
  const rebuilt = definition.replace(/^CREATE TABLE "stock_ledger"/, 'CREATE TABLE "stock_ledger_rebuilt"');
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
