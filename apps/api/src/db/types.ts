import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

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

export interface UserTable {
  id: Generated<number>;
  name: string;
  email: string;
  password_hash: string;
  role: 'admin' | 'operator';
  status: 'pending' | 'active' | 'disabled';
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SessionTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
}

export interface PasswordResetTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

export interface AuditLogTable {
  id: Generated<number>;
  user_id: number | null;
  action: string;
  entity: string;
  entity_id: string | null;
  before_data: string | null;
  after_data: string | null;
  created_at: Timestamp;
}

export interface SettingTable {
  key: string;
  value: string;
}

export interface CategoryTable {
  id: Generated<number>;
  name: string;
}

export interface UnityTable {
  id: Generated<number>;
  code: string;
  name: string;
  fractional: Flag;
}

export interface UnityBatchTable {
  id: Generated<number>;
  code: string;
  name: string;
}

export interface Database {
  users: UserTable;
  sessions: SessionTable;
  password_resets: PasswordResetTable;
  audit_log: AuditLogTable;
  settings: SettingTable;
  categories: CategoryTable;
  unities: UnityTable;
  unity_batches: UnityBatchTable;
}

export type User = Selectable<UserTable>;
export type NewUser = Insertable<UserTable>;
export type Dialect = 'sqlite' | 'postgres';
