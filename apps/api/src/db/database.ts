import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, SqliteDialect, type Transaction } from 'kysely';
import { createRequire } from 'node:module';
import type Pg from 'pg';
import type { Database, Dialect } from './types.ts';
import { openSqlite } from './sqlite-driver.ts';
import { namingStatements } from './pg-statements.ts';
import { markPlain } from './plain.ts';
import { plainModeFrom } from '../config/env.ts';
import {
  DEFAULT_TIMEOUTS,
  longClients,
  poolTimeouts,
  sessionTimeouts,
  timingQueries,
  type DatabaseTimeouts,
} from './timeouts.ts';

export type Db = Kysely<Database>;
export type Tx = Transaction<Database>;
/** The row a query-building function answers: `type ProductRow = RowOf<typeof productColumns>`. */
export type RowOf<Query extends (...args: never[]) => { executeTakeFirstOrThrow(): Promise<unknown> }> =
  Awaited<ReturnType<ReturnType<Query>['executeTakeFirstOrThrow']>>;
export interface DatabaseHandle {
  db: Db;
  dialect: Dialect;
  /** The SQLite database file (backups copy it); absent on PostgreSQL. */
  file?: string;
  /** PostgreSQL: the server's address, for the one connection that listens to other instances' events */
  url?: string;
  /** Plain mode (PLAIN_MODE, decision 0085): no group commit, no prepared statements, no forced collection. */
  plain: boolean;
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

/** The SQLite database's file name inside DATA_DIR. */
export const SQLITE_FILE_NAME = 'armazem.sqlite';

export function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  poolMax?: number;
  timeouts?: DatabaseTimeouts;
  /** Plain mode; by default what PLAIN_MODE in the environment says (so every test opens its databases alike). */
  plain?: boolean;
}): DatabaseHandle {
  const timeouts = options.timeouts ?? DEFAULT_TIMEOUTS;
  const plain = options.plain ?? plainModeFrom();
  if (options.databaseUrl) {
    const pg = loadPg();
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolMax ?? 10,
      ...poolTimeouts(timeouts),
    });
    // An idle client that loses its connection must not crash the process.
    pool.on('error', () => undefined);
    pool.on('release', (_error, client) => longClients.delete(client));
    pool.on('connect', (client) => {
      // …nor one that loses it while lent (between two statements of a transaction) or after the pool dropped it:
      // its next query fails instead (503, plugins/errors.ts) and the pool replaces it on release.
      client.on('error', () => undefined);
      // Dates as the app reads and writes them (2026-02-10), whatever DateStyle the server or database is set to
      // ('SQL, DMY' would answer 10/02/2026). A statement, not a startup option: poolers that refuse startup
      // options still pass it, and PGOPTIONS keeps working. Queued before anything the client is lent for; the
      // timeouts with it (decision 0053).
      void client.query(`set DateStyle = 'ISO, YMD'; ${sessionTimeouts(timeouts)}`).catch(() => undefined);
      timingQueries(client, timeouts);
      if (!plain) namingStatements(client);
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    if (plain) markPlain(db);
    return { db, dialect: 'postgres', url: options.databaseUrl, plain, destroy: () => db.destroy() };
  }
  fs.mkdirSync(options.dataDir, { recursive: true });
  const file = path.join(options.dataDir, SQLITE_FILE_NAME);
  const { database } = openSqlite(file, timeouts.statementMs, { cache: !plain });
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
  if (plain) markPlain(db);
  return { db, dialect: 'sqlite', file, plain, destroy: () => db.destroy() };
}

export function nowIso(): string {
  return new Date().toISOString();
}

/** Counts and ids come back as number (SQLite) or string (PostgreSQL BIGINT/COUNT). */
export function toNumber(value: string | number | bigint | null | undefined): number {
  return value === null || value === undefined ? 0 : Number(value);
}

export { toBigInt } from '../lib/numbers.ts';
