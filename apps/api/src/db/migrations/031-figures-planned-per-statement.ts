import { sql } from 'kysely';
import type { Dialect } from '../types.ts';
import type { MigrationDb } from '../schema-helpers.ts';
import { figuresFunctions } from './013-list-figures.ts';

/**
 * PostgreSQL only: the statement-level functions that keep `stock_figures` plan their upsert for each statement's
 * transition table (EXECUTE), instead of keeping, per connection, the plan of the first statement they ran: after a
 * 5,000-row import that plan scanned all of stock_balances for every one-row insert (issue 36, decision 0092). New
 * databases get the same functions from migration 013; this rewrites them on databases made before.
 */
export function figuresPlannedPerStatement(dialect: Dialect) {
  return {
    async up(db: MigrationDb) {
      if (dialect !== 'postgres') return;
      for (const fn of figuresFunctions()) await sql.raw(fn.sql).execute(db);
    },
  };
}
