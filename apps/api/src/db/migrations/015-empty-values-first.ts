import { sql } from 'kysely';
import type { Dialect } from '../types.ts';
import type { MigrationDb } from '../schema-helpers.ts';

/**
 * Lists order an empty value as the smallest on both databases: first going up, last going down (SQLite's own order;
 * lib/paging.ts `emptiesSmallest`, decision 0038). PostgreSQL puts NULL last going up, so there the indexes of the
 * stock list's sorts on a column that may be empty are built NULLS FIRST, and serve the sort in both directions.
 * The stock list also sorts by the date of the last movement (`lastMovementOn`): its index is new on both.
 */
export function emptyValuesFirst(dialect: Dialect) {
  return {
    async up(db: MigrationDb) {
      if (dialect === 'postgres') {
        await sql`drop index stock_balances_moved_idx`.execute(db);
        await sql`create index stock_balances_moved_idx
          on stock_balances (last_movement_at asc nulls first, product_id)`.execute(db);
        await sql`create index stock_balances_occurred_idx
          on stock_balances (last_occurred_on asc nulls first, product_id)`.execute(db);
        return;
      }
      await sql`create index stock_balances_occurred_idx
        on stock_balances (last_occurred_on, product_id)`.execute(db);
    },
  };
}
