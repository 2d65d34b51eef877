import type { ColumnType } from 'kysely';

/** Scaled integers come back as number from SQLite and as string from PostgreSQL's BIGINT. */
export type BigIntColumn = ColumnType<
  string | number | bigint,
  string | number | bigint,
  string | number | bigint
>;
/** ISO 8601 timestamps; timestamptz on PostgreSQL, text on SQLite, read back as ISO strings on both. */
export type Timestamp = ColumnType<string, string, string>;
/** 0 or 1: SQLite has no boolean type and node:sqlite binds no JS booleans. */
export type Flag = ColumnType<number, number | undefined, number>;
