import { sql } from 'kysely';
import type { Dialect } from '../types.ts';
import { columnTypes, type MigrationDb } from '../schema-helpers.ts';

/**
 * The stock value of a place at a past month end, per category (issue 34, decision 0079): what the stock-value
 * report read once, kept until a write could change it. Category 0 is the month's total (present even when the
 * place held nothing). Database triggers drop every kept month end on or after the date of any ledger row written or
 * cancelled (a back-dated row rewrites the figures after it, never before), and all of them when a product changes
 * category; every writer, the posting pipeline included, is covered without knowing about it.
 */
export function monthEndValues(dialect: Dialect) {
  return {
    async up(db: MigrationDb) {
      await db.schema
        .createTable('report_month_values')
        .addColumn('scope_key', 'varchar(20)', (col) => col.notNull())
        .addColumn('month_end', columnTypes(dialect).date, (col) => col.notNull())
        .addColumn('category_id', 'integer', (col) => col.notNull())
        .addColumn('total_value', 'bigint', (col) => col.notNull())
        .addPrimaryKeyConstraint('report_month_values_pk', ['scope_key', 'month_end', 'category_id'])
        .execute();
      await db.schema
        .createIndex('report_month_values_month_end_idx')
        .on('report_month_values')
        .column('month_end')
        .execute();
      if (dialect === 'sqlite') await sqliteTriggers(db);
      else await postgresTriggers(db);
    },
  };
}

const DROP_FROM = (date: string) => `delete from report_month_values where month_end >= ${date};`;

async function sqliteTriggers(db: MigrationDb) {
  for (const statement of [
    `create trigger report_month_values_ledger_insert after insert on stock_ledger begin
       ${DROP_FROM('new.occurred_on')} end`,
    `create trigger report_month_values_ledger_cancel after update of cancelled_at on stock_ledger
       when old.cancelled_at is null and new.cancelled_at is not null begin ${DROP_FROM('new.occurred_on')} end`,
    `create trigger report_month_values_category after update of category_id on products
       when old.category_id <> new.category_id begin delete from report_month_values; end`,
  ])
    await sql.raw(statement).execute(db);
}

/**
 * PostgreSQL: inserts by statement (one delete for a set-based write of any size, bounded by its earliest date, no
 * join for a cached plan to go wrong on); cancellations and category changes by row, as they come one by one.
 */
async function postgresTriggers(db: MigrationDb) {
  const functions: Array<[string, string]> = [
    ['report_month_values_ledger_insert', `${DROP_FROM('(select min(n.occurred_on) from n)')} return null;`],
    ['report_month_values_ledger_cancel', `${DROP_FROM('new.occurred_on')} return null;`],
    ['report_month_values_category', 'delete from report_month_values; return null;'],
  ];
  for (const [name, body] of functions)
    await sql
      .raw(`create function ${name}() returns trigger language plpgsql as $$ begin ${body} end $$`)
      .execute(db);
  for (const statement of [
    `create trigger report_month_values_ledger_insert after insert on stock_ledger referencing new table as n
       for each statement execute function report_month_values_ledger_insert()`,
    `create trigger report_month_values_ledger_cancel after update of cancelled_at on stock_ledger for each row
       when (old.cancelled_at is null and new.cancelled_at is not null)
       execute function report_month_values_ledger_cancel()`,
    `create trigger report_month_values_category after update of category_id on products for each row
       when (old.category_id <> new.category_id) execute function report_month_values_category()`,
  ])
    await sql.raw(statement).execute(db);
}
