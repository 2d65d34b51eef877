import type { Db, Tx } from '../../db/database.ts';
import { prepared } from '../../db/prepared.ts';
import { nowIso } from '../../db/database.ts';
import { hashToken, newToken } from './tokens.ts';

export const SESSION_COOKIE = 'armazem_session';

export interface SessionPolicy {
  idleMinutes: number;
  absoluteHours: number;
}

export interface SessionUser {
  id: number;
  name: string;
  email: string;
  role: 'admin' | 'operator';
  sessionId: number;
}

export async function createSession(db: Db, userId: number, policy: SessionPolicy): Promise<string> {
  const { token, hash } = newToken();
  const now = new Date();
  await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('expires_at', '<=', now.toISOString()), eb('ended_at', 'is not', null)]))
    .execute();
  await db
    .insertInto('sessions')
    .values({
      token_hash: hash,
      user_id: userId,
      created_at: now.toISOString(),
      last_seen_at: now.toISOString(),
      expires_at: new Date(now.getTime() + policy.absoluteHours * 3_600_000).toISOString(),
    })
    .execute();
  return token;
}

/** Why a session that exists no longer works, when the person should be told more than "sign in again". */
export type SessionRefusal = 'disabled' | 'pending' | null;

const sessionByHash = prepared((db, tokenHash: string) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id as sessionId',
      'sessions.last_seen_at',
      'sessions.expires_at',
      'sessions.ended_at',
      'users.id',
      'users.name',
      'users.email',
      'users.role',
      'users.status',
    ])
    .where('sessions.token_hash', '=', tokenHash),
);

/**
 * The signed-in user for a cookie token, or null when the session is unknown, ended, idle too long or expired (then
 * `refusal` says whether it is because the account is disabled or pending). A refused session is deleted.
 */
export async function resolveSession(
  db: Db,
  token: string,
  policy: SessionPolicy,
): Promise<{ user: SessionUser | null; refusal: SessionRefusal }> {
  const now = new Date();
  const [row] = await sessionByHash(db, hashToken(token));
  if (!row) return { user: null, refusal: null };
  const idleLimit = now.getTime() - policy.idleMinutes * 60_000;
  if (
    row.ended_at !== null ||
    row.status !== 'active' ||
    row.expires_at <= now.toISOString() ||
    Date.parse(row.last_seen_at) < idleLimit
  ) {
    // A disabled or pending account's session stays (ended) so that every call it sends, even those already on
    // the way, says why; it can never work again and goes when it expires or its owner signs in again.
    if (row.status !== 'active') {
      if (row.ended_at === null) await endSession(db, row.sessionId);
      return { user: null, refusal: row.status };
    }
    await db.deleteFrom('sessions').where('id', '=', row.sessionId).execute();
    return { user: null, refusal: null };
  }
  // Touch at most once a minute: reads stay reads.
  if (now.getTime() - Date.parse(row.last_seen_at) > 60_000) {
    await db
      .updateTable('sessions')
      .set({ last_seen_at: nowIso() })
      .where('id', '=', row.sessionId)
      .execute();
  }
  return {
    user: { id: row.id, name: row.name, email: row.email, role: row.role, sessionId: row.sessionId },
    refusal: null,
  };
}

async function endSession(db: Db, sessionId: number): Promise<void> {
  await db.updateTable('sessions').set({ ended_at: nowIso() }).where('id', '=', sessionId).execute();
}

export async function deleteSessionByToken(db: Db, token: string): Promise<void> {
  await db.deleteFrom('sessions').where('token_hash', '=', hashToken(token)).execute();
}

/**
 * Ends every session of a user (but one): they never work again. The rows stay until presented once more, so that
 * a disabled person is told why instead of being sent to the login page without a word.
 */
export async function endUserSessions(db: Db | Tx, userId: number, exceptSessionId?: number): Promise<void> {
  let query = db
    .updateTable('sessions')
    .set({ ended_at: nowIso() })
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null);
  if (exceptSessionId !== undefined) query = query.where('id', '<>', exceptSessionId);
  await query.execute();
}

/** The name the users routes know it by. */
export const deleteUserSessions = endUserSessions;
