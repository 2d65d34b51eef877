import { sql } from 'kysely';
import type { Dialect } from '../types.ts';
import { columnTypes, type MigrationDb } from '../schema-helpers.ts';

/**
 * The stock list's totals at a past date (issue 36, decision 0093), per category and below-minimum flag: what the
 * list at a date summed over every product once, kept until a write could change it. Category 0 marks a date as kept
 * (present even when nothing was listed). Database triggers drop every kept date on or after the date of any ledger
 * row written or cancelled (a back-dated row rewrites the figures after it, never before), and every kept date when a
 * product changes category, status or minimum, or a product's balance row appears or goes (the list at any date
 * lists the products that have one); every writer, the posting pipeline included, is covered without knowing it.
 */
export function stockDateTotals(dialect: Dialect) {
  return {
    async up(db: MigrationDb) {
      await db.schema
        .createTable('stock_date_totals')
        .addColumn('as_of', columnTypes(dialect).date, (col) => col.notNull())
        .addColumn('category_id', 'integer', (col) => col.notNull())
        .addColumn('below', 'integer', (col) => col.notNull())
        .addColumn('products', 'integer', (col) => col.notNull())
        .addColumn('total_value', 'bigint', (col) => col.notNull())
        .addPrimaryKeyConstraint('stock_date_totals_pk', ['as_of', 'category_id', 'below'])
        .execute();
      if (dialect === 'sqlite') await sqliteTriggers(db);
      else await postgresTriggers(db);
    },
  };
}

const DROP_FROM = (date: string) => `delete from stock_date_totals where as_of >= ${date};`;
const DROP_ALL = 'delete from stock_date_totals;';
const PRODUCT_FIGURES_CHANGED = `(old.category_id <> new.category_id or old.status <> new.status
  or old.min_stock <> new.min_stock)`;

async function sqliteTriggers(db: MigrationDb) {
  for (const statement of [
    `create trigger stock_date_totals_ledger_insert after insert on stock_ledger begin
       ${DROP_FROM('new.occurred_on')} end`,
    `create trigger stock_date_totals_ledger_cancel after update of cancelled_at on stock_ledger
       when old.cancelled_at is null and new.cancelled_at is not null begin ${DROP_FROM('new.occurred_on')} end`,
    `create trigger stock_date_totals_product after update of category_id, status, min_stock on products
       when ${PRODUCT_FIGURES_CHANGED} begin ${DROP_ALL} end`,
    `create trigger stock_date_totals_balance_insert after insert on stock_balances begin ${DROP_ALL} end`,
    `create trigger stock_date_totals_balance_delete after delete on stock_balances begin ${DROP_ALL} end`,
  ])
    await sql.raw(statement).execute(db);
}

/**
 * PostgreSQL: inserts by statement (one delete for a set-based write of any size, bounded by its earliest date; a
 * balance insert that inserted nothing, as `on conflict do nothing` often does, drops nothing); cancellations and
 * product changes by row, as they come one by one.
 */
async function postgresTriggers(db: MigrationDb) {
  const functions: Array<[string, string]> = [
    ['stock_date_totals_ledger_insert', `${DROP_FROM('(select min(n.occurred_on) from n)')} return null;`],
    ['stock_date_totals_ledger_cancel', `${DROP_FROM('new.occurred_on')} return null;`],
    ['stock_date_totals_drop_all', `${DROP_ALL} return null;`],
    ['stock_date_totals_balance_insert', `if exists (select 1 from n) then ${DROP_ALL} end if; return null;`],
  ];
  for (const [name, body] of functions)
    await sql
      .raw(`create function ${name}() returns trigger language plpgsql as $$ begin ${body} end $$`)
      .execute(db);
  for (const statement of [
    `create trigger stock_date_totals_ledger_insert after insert on stock_ledger referencing new table as n
       for each statement execute function stock_date_totals_ledger_insert()`,
    `create trigger stock_date_totals_ledger_cancel after update of cancelled_at on stock_ledger for each row
       when (old.cancelled_at is null and new.cancelled_at is not null)
       execute function stock_date_totals_ledger_cancel()`,
    `create trigger stock_date_totals_product after update of category_id, status, min_stock on products
       for each row when ${PRODUCT_FIGURES_CHANGED} execute function stock_date_totals_drop_all()`,
    `create trigger stock_date_totals_balance_insert after insert on stock_balances referencing new table as n
       for each statement execute function stock_date_totals_balance_insert()`,
    `create trigger stock_date_totals_balance_delete after delete on stock_balances
       for each statement execute function stock_date_totals_drop_all()`,
  ])
    await sql.raw(statement).execute(db);
}
