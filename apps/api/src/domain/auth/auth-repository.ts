import { sql } from 'kysely';
import { nowIso as currentIso, type Db, type Tx } from '../../db/database.ts';
import type { CounterState } from './auth-rules.ts';

/**
 * Counts one hit atomically (one statement, so every instance on the same database shares the count): a window
 * older than windowMs starts over at 1.
 */
export async function hitCounter(db: Db, key: string, windowMs: number, now: Date): Promise<CounterState> {
  const nowIso = now.toISOString();
  const windowFloor = new Date(now.getTime() - windowMs).toISOString();
  const expired = sql<boolean>`auth_throttles.window_started_at <= ${windowFloor}`;
  const row = await db
    .insertInto('auth_throttles')
    .values({ key, hits: 1, window_started_at: nowIso, locked_until: null })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet({
        hits: sql<number>`case when ${expired} then 1 else auth_throttles.hits + 1 end`,
        window_started_at: sql<string>`case when ${expired} then ${nowIso} else auth_throttles.window_started_at end`,
      }),
    )
    .returning(['hits', 'window_started_at', 'locked_until'])
    .executeTakeFirstOrThrow();
  return { hits: row.hits, windowStartedAt: row.window_started_at, lockedUntil: row.locked_until };
}

/** Gives back a hit that turned out not to count (a successful sign-in, an attempt refused before it ran). */
export async function releaseHit(db: Db, key: string): Promise<void> {
  await db
    .updateTable('auth_throttles')
    .set({ hits: sql<number>`case when hits > 0 then hits - 1 else 0 end` })
    .where('key', '=', key)
    .execute();
}

export async function lockCounter(db: Db, key: string, until: Date): Promise<void> {
  await db
    .updateTable('auth_throttles')
    .set({ locked_until: until.toISOString() })
    .where('key', '=', key)
    .execute();
}

export async function clearCounter(db: Db, key: string): Promise<void> {
  await db.deleteFrom('auth_throttles').where('key', '=', key).execute();
}

/** Forgets counters idle for a day, so the table stays as small as the traffic of the last day. */
export async function sweepCounters(db: Db, now: Date): Promise<void> {
  const dayAgo = new Date(now.getTime() - 24 * 3_600_000).toISOString();
  await db
    .deleteFrom('auth_throttles')
    .where('window_started_at', '<', dayAgo)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now.toISOString())]))
    .execute();
}

/** Registrations run one at a time on PostgreSQL, so two first sign-ups cannot both become admin. */
export async function lockRegistrations(tx: Tx, dialect: string): Promise<void> {
  if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(727001)`.execute(tx);
}

/** Only the newest link works: an older e-mail lying in an inbox must not still open the account. */
export async function replacePasswordReset(tx: Tx, userId: number, tokenHash: string, expiresAt: Date) {
  await tx.deleteFrom('password_resets').where('user_id', '=', userId).where('used_at', 'is', null).execute();
  await tx
    .insertInto('password_resets')
    .values({
      token_hash: tokenHash,
      user_id: userId,
      expires_at: expiresAt.toISOString(),
      used_at: null,
      created_at: currentIso(),
    })
    .execute();
}

/** Claims a live token with a conditional update, which makes it single-use even under concurrent requests. */
export async function claimPasswordReset(tx: Tx, tokenHash: string, now: string) {
  const claimed = await tx
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['user_id'])
    .executeTakeFirst();
  return claimed?.user_id ?? null;
}

/** Ends every sign-in lock of one e-mail, whatever the IP (keys that start with `prefix`). */
export async function clearCounters(db: Db | Tx, prefix: string): Promise<void> {
  await db.deleteFrom('auth_throttles').where('key', 'like', `${prefix}%`).execute();
}
