import { sql } from 'kysely';
import type Pg from 'pg';
import type { Db, Tx } from './database.ts';
import type { Dialect } from './types.ts';

/** How long a request may wait on the database (decision 0053); the env vars DB_* set them at start-up. */
export interface DatabaseTimeouts {
  /** one statement, and (PostgreSQL) one lock wait */
  statementMs: number;
  /** a client from the pool (PostgreSQL) */
  acquireMs: number;
  /** one statement of an import or a report, set per transaction */
  longStatementMs: number;
}

export const DEFAULT_TIMEOUTS: DatabaseTimeouts = {
  statementMs: 10_000,
  acquireMs: 5_000,
  longStatementMs: 120_000,
};

/** The server cancels first (57014, a clean error); the client-side timeout is the backstop for a cut network. */
const CLIENT_MARGIN_MS = 2_000;

let longStatementMs = DEFAULT_TIMEOUTS.longStatementMs;

/** The pool's options: acquire timeout; statement, lock and idle-in-transaction timeouts come with each connection. */
export function poolTimeouts(timeouts: DatabaseTimeouts): Pg.PoolConfig {
  longStatementMs = timeouts.longStatementMs;
  return { connectionTimeoutMillis: timeouts.acquireMs };
}

/** The session settings a new connection starts with (a statement, not startup options: poolers pass it). */
export function sessionTimeouts(timeouts: DatabaseTimeouts): string {
  return (
    `set statement_timeout = ${timeouts.statementMs}; set lock_timeout = ${timeouts.statementMs}; ` +
    `set idle_in_transaction_session_timeout = ${timeouts.longStatementMs}`
  );
}

/**
 * The statement timeout a lent client asked for with `set local statement_timeout` (an import, a report, a migration;
 * 0 for none), until released: `pool.on('release', …)` forgets it.
 */
export const longClients = new WeakMap<Pg.PoolClient, number>();

type Query = (text: unknown, values?: unknown, ...rest: unknown[]) => unknown;
const LONG = /^\s*set\s+local\s+statement_timeout\s*=\s*(\d+)/i;

/**
 * Every query of `client` gets a client-side timeout a little past the server's (longer after this checkout asked
 * for long statements), so a cut network or a stopped server cannot hang a request; a client that timed out is
 * ended, so the pool drops it on release and opens a fresh one.
 */
export function timingQueries(client: Pg.PoolClient, timeouts: DatabaseTimeouts): void {
  const query = client.query.bind(client) as Query;
  const send: Query = (text, values, ...rest) => {
    if (rest.length > 0 || (typeof text !== 'string' && (typeof text !== 'object' || text === null)))
      return query(text, values, ...rest);
    if (typeof text === 'object' && typeof (text as { submit?: unknown }).submit === 'function')
      return query(text, values, ...rest);
    const asked = typeof text === 'string' ? LONG.exec(text) : null;
    if (asked) longClients.set(client, Number(asked[1]));
    const serverMs = longClients.get(client) ?? timeouts.statementMs;
    // none on the server (a migration): none here either
    const query_timeout = serverMs === 0 ? undefined : serverMs + CLIENT_MARGIN_MS;
    const config = typeof text === 'string' ? { text, values, query_timeout } : { ...text, query_timeout };
    const result = query(config) as Promise<unknown>;
    return result.catch((error: unknown) => {
      if ((error as Error).message === 'Query read timeout') void client.end().catch(() => undefined);
      throw error;
    });
  };
  (client as unknown as { query: Query }).query = send;
}

/** Inside an import's or report's transaction: its statements may take the long timeout (PostgreSQL only). */
export async function allowLongStatements(tx: Tx, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql.raw(`set local statement_timeout = ${longStatementMs}`).execute(tx);
}

/**
 * Reads that may take long (a month's report of 100,000 products): on PostgreSQL in one read transaction with the
 * long timeout; on SQLite as they are (one connection: a transaction would hold every other request).
 */
export function withLongStatements<T>(db: Db, dialect: Dialect, read: (db: Db) => Promise<T>): Promise<T> {
  if (dialect !== 'postgres') return read(db);
  return db.transaction().execute(async (tx) => {
    await allowLongStatements(tx, dialect);
    return read(tx);
  });
}
