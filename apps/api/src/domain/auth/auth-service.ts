import { sql } from 'kysely';
import type { TRegisterRequest } from '@armazem/contracts/auth';
import type { Db } from '../../db/database.ts';
import { nowIso } from '../../db/database.ts';
import { audit } from '../../lib/audit.ts';
import { AppError, badRequest, conflict } from '../../lib/errors.ts';
import { countUsers, findUserByEmail, insertUser } from '../users/users-repository.ts';
import type { Mailer } from './mailer.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from './passwords.ts';
import { endUserSessions } from './sessions.ts';
import { hashToken, newToken } from './tokens.ts';

export const INVALID_LOGIN = 'E-mail ou senha inválidos.';
const RESET_TTL_MS = 60 * 60 * 1000;

/** The first account becomes an active admin; every later one waits for an admin's approval. */
export async function register(db: Db, dialect: string, input: TRegisterRequest) {
  const passwordHash = await hashPassword(input.password);
  return db.transaction().execute(async (tx) => {
    if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(727001)`.execute(tx);
    const existing = await tx
      .selectFrom('users')
      .select('id')
      .where('email', '=', input.email)
      .executeTakeFirst();
    if (existing) throw conflict('Este e-mail já está cadastrado. Entre ou recupere a senha.');
    const isFirst = (await countUsers(tx)) === 0;
    const user = await insertUser(tx, {
      name: input.name,
      email: input.email,
      passwordHash,
      role: isFirst ? 'admin' : 'operator',
      status: isFirst ? 'active' : 'pending',
    });
    await audit(tx, {
      userId: user.id,
      action: 'register',
      entity: 'user',
      entityId: user.id,
      after: { name: user.name, email: user.email, role: user.role, status: user.status },
    });
    return user;
  });
}

export async function authenticate(db: Db, email: string, password: string) {
  const user = await findUserByEmail(db, email);
  const valid = user ? await verifyPassword(user.password_hash, password) : await burnPasswordCheck(password);
  if (!user || !valid) throw new AppError('UNAUTHENTICATED', INVALID_LOGIN);
  if (user.status === 'pending')
    throw new AppError('FORBIDDEN', 'Seu cadastro aguarda a aprovação de um administrador.');
  if (user.status === 'disabled')
    throw new AppError('FORBIDDEN', 'Seu acesso está desativado. Fale com um administrador.');
  return user;
}

export async function requestPasswordReset(
  db: Db,
  mailer: Mailer,
  email: string,
  publicUrl: string,
  onMailError: (error: unknown) => void,
) {
  const user = await findUserByEmail(db, email);
  if (!user || user.status === 'disabled') return;
  const { token, hash } = newToken();
  await db.transaction().execute(async (tx) => {
    // Only the newest link works: an older e-mail lying in an inbox must not still open the account.
    await tx
      .deleteFrom('password_resets')
      .where('user_id', '=', user.id)
      .where('used_at', 'is', null)
      .execute();
    await tx
      .insertInto('password_resets')
      .values({
        token_hash: hash,
        user_id: user.id,
        expires_at: new Date(Date.now() + RESET_TTL_MS).toISOString(),
        used_at: null,
        created_at: nowIso(),
      })
      .execute();
  });
  const link = `${publicUrl.replace(/\/$/, '')}/reset-password?token=${encodeURIComponent(token)}`;
  // Not awaited: the answer must take the same time whether or not the e-mail exists.
  mailer
    .send({
      to: user.email,
      subject: 'Armazém: redefinição de senha',
      text: [
        `Olá, ${user.name}.`,
        '',
        'Recebemos um pedido para redefinir a sua senha no Armazém. Para criar uma nova senha, abra o link abaixo:',
        link,
        '',
        'O link vale por 1 hora e pode ser usado uma única vez. Se você não pediu a redefinição, ignore esta mensagem.',
      ].join('\n'),
    })
    .catch(onMailError);
}

export async function resetPassword(db: Db, token: string, password: string) {
  const passwordHash = await hashPassword(password);
  await db.transaction().execute(async (tx) => {
    const now = nowIso();
    // Claiming the token with a conditional update makes it single-use even under concurrent requests.
    const claimed = await tx
      .updateTable('password_resets')
      .set({ used_at: now })
      .where('token_hash', '=', hashToken(token))
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning(['user_id'])
      .executeTakeFirst();
    if (!claimed) throw badRequest('Link de redefinição inválido ou expirado. Solicite um novo.', 'token');
    await tx
      .updateTable('users')
      .set({ password_hash: passwordHash, updated_at: now })
      .where('id', '=', claimed.user_id)
      .execute();
    await endUserSessions(tx, claimed.user_id);
    await audit(tx, {
      userId: claimed.user_id,
      action: 'password_reset',
      entity: 'user',
      entityId: claimed.user_id,
    });
  });
}
