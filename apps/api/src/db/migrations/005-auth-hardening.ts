import { sql } from 'kysely';
import type { Dialect } from '../types.ts';
import { columnTypes, notNull, type MigrationDb } from '../schema-helpers.ts';

/**
 * Sign-in limits shared by every instance (DESIGN §4), sessions that remember why they ended, and the settings the
 * business adds in this release (state registration and tax regime).
 */
export function authHardening(dialect: Dialect) {
  const t = columnTypes(dialect);
  return {
    async up(db: MigrationDb) {
      // One counter per key (e.g. failed sign-ins of one e-mail from one IP): a fixed window and an optional lock.
      await db.schema
        .createTable('auth_throttles')
        .addColumn('key', 'varchar(120)', (col) => col.primaryKey())
        .addColumn('hits', 'integer', notNull)
        .addColumn('window_started_at', t.timestamp, notNull)
        .addColumn('locked_until', t.timestamp)
        .execute();
      await db.schema
        .createIndex('auth_throttles_window_idx')
        .on('auth_throttles')
        .column('window_started_at')
        .execute();

      // Ended sessions stay until presented once more, so the answer can say why (e.g. the account was disabled).
      await db.schema.alterTable('sessions').addColumn('ended_at', t.timestamp).execute();

      await db
        .insertInto('settings')
        .values([
          { key: 'businessStateRegistration', value: '' },
          { key: 'taxRegime', value: 'simples' },
        ])
        .execute();
      // Documents were free text until now: keep what was typed, without punctuation, as the new rule stores it.
      await sql`update settings set value = upper(replace(replace(replace(replace(value, '.', ''), '/', ''), '-', ''), ' ', '')) where key = 'businessDocument'`.execute(
        db,
      );
    },
  };
}
