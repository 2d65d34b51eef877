import type { Kysely } from 'kysely';
import type { Database } from './types.ts';

/**
 * Plain mode (PLAIN_MODE, docs/decisions/0085): the databases opened with it, known by their dialect adapter, which
 * every transaction of a database shares. What has a fast path (group commit, prepared queries) asks here and takes
 * the ordinary one instead: each write in its own transaction, each query built and compiled by Kysely on its call.
 */
const plainAdapters = new WeakSet<object>();

export function markPlain(db: Kysely<Database>): void {
  plainAdapters.add(db.getExecutor().adapter);
}

export function isPlain(db: Kysely<Database>): boolean {
  return plainAdapters.has(db.getExecutor().adapter);
}
