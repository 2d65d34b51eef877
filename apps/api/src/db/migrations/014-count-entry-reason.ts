import { sql } from 'kysely';
import type { Dialect } from '../types.ts';
import type { MigrationDb } from '../schema-helpers.ts';
import { rebuildSqliteLedger } from '../sqlite-ledger-rebuild.ts';

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
      await rebuildSqliteLedger(db, [[OLD_ENTRY, NEW_ENTRY]]);
    },
  };
}
