import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** The names of the migrations this database has applied (throws when it has none: never migrated). */
export async function appliedMigrationNames(db: Db): Promise<string[]> {
  const applied = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
  return applied.rows.map((row) => row.name);
}
