import { sql } from 'kysely';
import type { Dialect } from '../types.ts';
import type { MigrationDb } from '../schema-helpers.ts';
import { rebuildSqliteLedger } from '../sqlite-ledger-rebuild.ts';

/** An entry may move value without quantity: a price complement (NF-e finNFe 2) on goods still in stock. */
const VALUE_ONLY = (column: string) => `${column} > 0 or (direction = 'in' and ${column} = 0)`;

/**
 * A value-only entry (decision 0066): quantity and base quantity zero, an entry, its cost the complement's. Every
 * other row keeps quantities above zero.
 */
export function valueAdjustments(dialect: Dialect) {
  return {
    async up(db: MigrationDb) {
      if (dialect === 'sqlite') {
        await rebuildSqliteLedger(db, [
          ['check (quantity > 0)', `check (${VALUE_ONLY('quantity')})`],
          ['check (base_quantity > 0)', `check (${VALUE_ONLY('base_quantity')})`],
        ]);
        return;
      }
      for (const column of ['quantity', 'base_quantity']) {
        await sql.raw(`alter table stock_ledger drop constraint stock_ledger_${column}_check`).execute(db);
        await sql
          .raw(
            `alter table stock_ledger add constraint stock_ledger_${column}_check check (${VALUE_ONLY(column)})`,
          )
          .execute(db);
      }
    },
  };
}
