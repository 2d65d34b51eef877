import { sql } from 'kysely';
import type { MigrationDb } from '../schema-helpers.ts';

/** The same file can be imported only once per month while that import stands (the app checks first; this is the last guard). */
export function movementDedupe() {
  return {
    async up(db: MigrationDb) {
      await sql`create unique index stock_movements_file_once on stock_movements (year, month, sha256) where cancelled_at is null`.execute(
        db,
      );
    },
  };
}
