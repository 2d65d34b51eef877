import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, SqliteDialect, type Transaction } from 'kysely';
import { createRequire } from 'node:module';
import type Pg from 'pg';
import type { Database, Dialect } from './types.ts';
import { openSqlite } from './sqlite-driver.ts';
import { namingStatements } from './pg-statements.ts';

export type Db = Kysely<Database>;
export type Tx = Transaction<Database>;
/** The row a query-building function answers: `type ProductRow = RowOf<typeof productColumns>`. */
export type RowOf<Query extends (...args: never[]) => { executeTakeFirstOrThrow(): Promise<unknown> }> =
  Awaited<ReturnType<ReturnType<Query>['executeTakeFirstOrThrow']>>;
export interface DatabaseHandle {
  db: Db;
  dialect: Dialect;
  /** PostgreSQL: the server's address, for the one connection that listens to other instances' events */
  url?: string;
  destroy(): Promise<void>;
}

/** The PostgreSQL driver, loaded only when the server runs on PostgreSQL (on SQLite it is never needed). */
function loadPg(): typeof Pg {
  const pg = createRequire(import.meta.url)('pg') as typeof Pg;
  // Timestamps and dates come back as the ISO text the app writes; BIGINT stays a string (exact).
  pg.types.setTypeParser(pg.types.builtins.TIMESTAMPTZ, (value) => new Date(value).toISOString());
  pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);
  return pg;
}

export function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  poolMax?: number;
}): DatabaseHandle {
  if (options.databaseUrl) {
    const pg = loadPg();
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolMax ?? 10 });
    // An idle client that loses its connection must not crash the process.
    pool.on('error', () => undefined);
    pool.on('connect', (client) => {
      // Dates as the app reads and writes them (2026-02-10), whatever DateStyle the server or database is set to
      // ('SQL, DMY' would answer 10/02/2026). A statement, not a startup option: poolers that refuse startup
      // options still pass it, and PGOPTIONS keeps working. Queued before anything the client is lent for.
      void client.query("set DateStyle = 'ISO, YMD'").catch(() => undefined);
      namingStatements(client);
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', url: options.databaseUrl, destroy: () => db.destroy() };
  }
  fs.mkdirSync(options.dataDir, { recursive: true });
  const { database } = openSqlite(path.join(options.dataDir, 'armazem.sqlite'));
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
  return { db, dialect: 'sqlite', destroy: () => db.destroy() };
}

export function nowIso(): string {
  return new Date().toISOString();
}

/** Counts and ids come back as number (SQLite) or string (PostgreSQL BIGINT/COUNT). */
export function toNumber(value: string | number | bigint | null | undefined): number {
  return value === null || value === undefined ? 0 : Number(value);
}

export function toBigInt(value: string | number | bigint | null | undefined): bigint {
  if (value === null || value === undefined) return 0n;
  return typeof value === 'bigint' ? value : BigInt(value);
}
