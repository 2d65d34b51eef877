import { AppError } from './errors.ts';

export const DATABASE_UNAVAILABLE_MESSAGE =
  'Banco de dados indisponível no momento. Tente de novo em instantes.';

/**
 * PostgreSQL's answers for a database that did not answer in time or went away: 57014 query_canceled (the statement
 * timeout), 55P03 lock_not_available (the lock timeout), 25P03 idle-in-transaction timeout, 57P01–57P03 the server
 * shutting down or starting, 53300 too many connections, and the 08xxx connection exceptions.
 */
const PG_CODES = new Set(['57014', '55P03', '25P03', '57P01', '57P02', '57P03', '53300']);
/** The socket's own errors when the server is stopped or the network cut. */
const NODE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);
/** node-postgres and its pool say it in words only (an acquire timeout, a read timeout, a connection lost). */
const PG_MESSAGES =
  /timeout exceeded when trying to connect|Connection terminated|Query read timeout|not queryable|connection timeout/i;
/** SQLite: another process holds the lock past the busy timeout (SQLITE_BUSY 5, SQLITE_LOCKED 6). */
const SQLITE_ERRCODES = new Set([5, 6]);

/** Whether `error` says the database did not answer (in time), not that the request or the data was wrong. */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const e = error as { code?: unknown; errcode?: unknown; message?: unknown; errors?: unknown };
  if (typeof e.code === 'string' && (PG_CODES.has(e.code) || /^08/.test(e.code) || NODE_CODES.has(e.code)))
    return true;
  if (typeof e.errcode === 'number' && SQLITE_ERRCODES.has(e.errcode & 0xff)) return true;
  if (typeof e.message === 'string' && PG_MESSAGES.test(e.message)) return true;
  // a connection refused on every address (AggregateError from net.connect)
  return Array.isArray(e.errors) && e.errors.some(isDatabaseUnavailable);
}

export const databaseUnavailable = () => new AppError('DATABASE_UNAVAILABLE', DATABASE_UNAVAILABLE_MESSAGE);
