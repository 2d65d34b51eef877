import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely';
import type { Dialect } from './types.ts';

/** The few column types where SQLite and PostgreSQL really differ, in one place. */
export function columnTypes(dialect: Dialect) {
  return {
    timestamp: dialect === 'postgres' ? ('timestamptz' as const) : ('text' as const),
    date: dialect === 'postgres' ? ('date' as const) : ('text' as const),
    bigint: dialect === 'postgres' ? ('bigint' as const) : ('integer' as const),
    flag: dialect === 'postgres' ? ('smallint' as const) : ('integer' as const),
  };
}

export function withId<T extends string>(
  table: CreateTableBuilder<T, never>,
  dialect: Dialect,
  type: 'integer' | 'bigint' = 'integer',
): CreateTableBuilder<T, 'id'> {
  if (dialect === 'postgres') {
    return table.addColumn('id', type, (col) => col.primaryKey().generatedByDefaultAsIdentity());
  }
  return table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
}

export const notNull = (col: ColumnDefinitionBuilder) => col.notNull();

export type MigrationDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was then, not today's types
