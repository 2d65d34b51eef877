import { sql } from 'kysely';
import type { MigrationDb } from '../schema-helpers.ts';

/**
 * How many products a count had in its scope when it was posted (issue 33): a posted count keeps only the lines it
 * posted, so its header said "41 de 41" where it had said "de 50". Null for counts posted before this migration.
 */
export function countScopeSize() {
  return {
    async up(db: MigrationDb) {
      await sql`alter table inventory_counts add column products_in_scope integer`.execute(db);
    },
  };
}
