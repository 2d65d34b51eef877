import { sql } from 'kysely';
import type { Dialect } from '../types.ts';
import type { MigrationDb } from '../schema-helpers.ts';

/**
 * Counts per location (DESIGN.md §6.3, decision 0069): every count names the location it counts. The counts so far
 * counted all of the stock, which was all in the first establishment's default location ("Principal"): they move
 * there, and every figure they show stays as it was.
 */
export function countLocations(dialect: Dialect) {
  return {
    async up(db: MigrationDb) {
      const { rows } = await sql<{ id: number | string | null }>`select default_location_id as id
        from establishments order by id limit 1`.execute(db);
      const principal = Number(rows[0]?.id);
      if (!Number.isInteger(principal) || principal <= 0)
        throw new Error(
          'Migração 025: o estabelecimento Matriz não tem depósito padrão; migração interrompida.',
        );
      // SQLite adds a NOT NULL column only with a constant default and no REFERENCES while foreign keys are on (as
      // in migration 024): every new count names its location, and a location a count names cannot be deleted
      const column =
        dialect === 'postgres'
          ? `integer not null default ${principal} references locations (id)`
          : `integer not null default ${principal}`;
      await sql.raw(`alter table inventory_counts add column location_id ${column}`).execute(db);
      if (dialect === 'postgres')
        await sql`alter table inventory_counts alter column location_id drop default`.execute(db);
      await db.schema
        .createIndex('inventory_counts_location_idx')
        .on('inventory_counts')
        .columns(['location_id', 'counted_on'])
        .execute();
    },
  };
}
