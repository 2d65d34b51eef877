import { sql } from 'kysely';
import type { MigrationDb } from '../schema-helpers.ts';

/**
 * A supplier's lead time in days (issue 34, decision 0078): how long an order takes to arrive, which the reorder
 * suggestions cover at the recent exit rate. Zero until someone says otherwise.
 */
export function supplierLeadTime() {
  return {
    async up(db: MigrationDb) {
      await sql`alter table suppliers add column lead_time_days integer not null default 0`.execute(db);
    },
  };
}
