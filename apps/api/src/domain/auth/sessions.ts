import type { Db, Tx } from '../../db/database.ts';
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

/** The signed-in user for a cookie token, or null when the session is unknown, idle too long or expired. */
export async function resolveSession(
  db: Db,
  token: string,
  policy: SessionPolicy,
): Promise<SessionUser | null> {
  const now = new Date();
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id as sessionId',
      'sessions.last_seen_at',
      'sessions.expires_at',
      'users.id',
      'users.name',
      'users.email',
      'users.role',
      'users.status',
    ])
    .where('sessions.token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!row) return null;
  const idleLimit = now.getTime() - policy.idleMinutes * 60_000;
  if (
    row.status !== 'active' ||
    row.expires_at <= now.toISOString() ||
    Date.parse(row.last_seen_at) < idleLimit
  ) {
    await db.deleteFrom('sessions').where('id', '=', row.sessionId).execute();
    return null;
  }
  // Touch at most once a minute: reads stay reads.
  if (now.getTime() - Date.parse(row.last_seen_at) > 60_000) {
    await db
      .updateTable('sessions')
      .set({ last_seen_at: nowIso() })
      .where('id', '=', row.sessionId)
      .execute();
  }
  return { id: row.id, name: row.name, email: row.email, role: row.role, sessionId: row.sessionId };
}

export async function deleteSessionByToken(db: Db, token: string): Promise<void> {
  await db.deleteFrom('sessions').where('token_hash', '=', hashToken(token)).execute();
}

export async function deleteUserSessions(
  db: Db | Tx,
  userId: number,
  exceptSessionId?: number,
): Promise<void> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (exceptSessionId !== undefined) query = query.where('id', '<>', exceptSessionId);
  await query.execute();
}
