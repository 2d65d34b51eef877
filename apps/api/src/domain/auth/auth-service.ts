import type { TRegisterRequest, ZUpdateProfileRequest } from '@armazem/contracts/auth';
import type { z } from 'zod/mini';
import type { Db } from '../../db/database.ts';
import { nowIso } from '../../db/database.ts';
import { audit } from '../../lib/audit.ts';
import { AppError, badRequest, conflict } from '../../lib/errors.ts';
import type { ServiceDeps } from '../../lib/service-deps.ts';
import { countUsers, findUserByEmail, findUserById, insertUser } from '../users/users-public-service.ts';
import { setPasswordHash, updateUserProfile } from '../users/users-public-service.ts';
import { accessOfNewAccount, toMe } from '../users/users-public-service.ts';
import {
  claimPasswordReset,
  clearCounters,
  clearCounter,
  hitCounter,
  lockCounter,
  lockRegistrations,
  releaseHit,
  replacePasswordReset,
  sweepCounters,
} from './auth-repository.ts';
import {
  INVALID_LOGIN,
  RESET_REQUESTED,
  RESET_TTL_MS,
  limitKeys,
  limitPolicies,
  locksAfterFailure,
  longestWait,
  passwordResetMail,
  registrationMessage,
  signInCounters,
  signInRefusal,
  waitFor,
  waitMessage,
  type LimitCounter,
  type LimitPolicies,
} from './auth-rules.ts';
import type { Mailer } from './mailer.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from './passwords.ts';
import {
  createSession,
  deleteSessionByToken,
  endUserSessions,
  type SessionPolicy,
  type SessionUser,
} from './sessions.ts';
import { hashToken, newToken } from './tokens.ts';

type UpdateProfile = z.output<typeof ZUpdateProfileRequest>;

export interface AuthServiceDeps extends ServiceDeps {
  mailer: Mailer;
  config: { sessions: SessionPolicy; loginRateLimit: number; publicUrl: string };
}

const SIGN_IN_LOCKED = 'Muitas tentativas de entrada sem sucesso.';
const TOO_MANY_REQUESTS = 'Muitas tentativas em pouco tempo.';

function rateLimited(waitMs: number, what: string): AppError {
  return new AppError('RATE_LIMITED', waitMessage(waitMs, what), {
    details: { retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) },
  });
}

/**
 * Runs one sign-in attempt under the limits of its (e-mail, IP) pair and of its IP. The attempt takes a hit on both
 * counters before the password is checked, so parallel guesses cannot all slip past the limit; a wrong password
 * keeps the hit (and locks the counter that reached its maximum), anything else gives it back: successes never count.
 */
async function limitSignIn<T>(
  db: Db,
  policies: LimitPolicies,
  email: string,
  ip: string,
  attempt: () => Promise<T>,
): Promise<T> {
  const counters = signInCounters(policies, email, ip);
  const now = new Date();
  const states = [];
  for (const counter of counters)
    states.push(await hitCounter(db, counter.key, counter.policy.windowMs, now));
  const wait = longestWait(states, counters, now);
  if (wait > 0) {
    for (const counter of counters) await releaseHit(db, counter.key);
    throw rateLimited(wait, SIGN_IN_LOCKED);
  }
  try {
    const result = await attempt();
    await clearCounter(db, counters[0]!.key);
    await releaseHit(db, counters[1]!.key);
    await sweepCounters(db, now);
    return result;
  } catch (error) {
    if (error instanceof AppError && error.code === 'UNAUTHENTICATED') {
      for (const lock of locksAfterFailure(states, counters, new Date()))
        await lockCounter(db, lock.key, lock.until);
    } else {
      for (const counter of counters) await releaseHit(db, counter.key);
    }
    throw error;
  }
}

/** Counts a request (registration, reset link) against each key; past the maximum it is refused until the window ends. */
async function limitRequest(db: Db, counters: LimitCounter[]) {
  const now = new Date();
  for (const counter of counters) {
    const state = await hitCounter(db, counter.key, counter.policy.windowMs, now);
    const wait = waitFor(state, counter.policy, now);
    if (wait > 0) throw rateLimited(wait, TOO_MANY_REQUESTS);
  }
}

/** The account for an e-mail and password, checked in the same time whether or not the e-mail exists. */
async function authenticate(db: Db, email: string, password: string) {
  const user = await findUserByEmail(db, email);
  const valid = user ? await verifyPassword(user.password_hash, password) : await burnPasswordCheck(password);
  if (!user || !valid) throw new AppError('UNAUTHENTICATED', INVALID_LOGIN);
  const refusal = signInRefusal(user.status);
  if (refusal) throw new AppError('FORBIDDEN', refusal);
  return user;
}

interface Context extends AuthServiceDeps {
  limits: LimitPolicies;
}

/** The first account becomes an active admin; every later one waits for an admin's approval. */
async function register(context: Context, input: TRegisterRequest, ip: string) {
  const { db, dialect, limits, events, config } = context;
  await limitRequest(db, [{ key: limitKeys.registerIp(ip), policy: limits.registerIp }]);
  const passwordHash = await hashPassword(input.password);
  const user = await db.transaction().execute(async (tx) => {
    await lockRegistrations(tx, dialect);
    if (await findUserByEmail(tx, input.email)) {
      throw conflict('Este e-mail já está cadastrado. Entre ou recupere a senha.');
    }
    const created = await insertUser(tx, {
      name: input.name,
      email: input.email,
      passwordHash,
      ...accessOfNewAccount(await countUsers(tx)),
    });
    const { name, email, role, status } = created;
    await audit(tx, {
      userId: created.id,
      action: 'register',
      entity: 'user',
      entityId: created.id,
      after: { name, email, role, status },
    });
    return created;
  });
  events.publish('notifications'); // a sign-up waiting for approval is on the admins' bell
  // an account that needs no approval (the first, the administrator) is signed in at once (issue 33)
  const token = user.status === 'active' ? await createSession(db, user.id, config.sessions) : null;
  return { user: { ...toMe(user), status: user.status }, message: registrationMessage(user.status), token };
}

/** A session for the right password (under the sign-in limits); the browser's previous session ends. */
async function signIn(
  { db, limits, config }: Context,
  credentials: { email: string; password: string },
  ip: string,
  previousToken?: string,
) {
  const { email, password } = credentials;
  const user = await limitSignIn(db, limits, email, ip, () => authenticate(db, email, password));
  if (previousToken) await deleteSessionByToken(db, previousToken);
  const token = await createSession(db, user.id, config.sessions);
  return { token, user: toMe(user) };
}

/** A new password needs the current one, and signs out every other session of the person. */
/**
 * The current password, checked under the same limits as a sign-in (a stolen session must not guess it freely):
 * a wrong one counts as a failed sign-in of this e-mail from this address, and a locked pair is a 429.
 */
async function checkCurrentPassword(
  { db, limits }: Context,
  user: { email: string; password_hash: string },
  typed: string,
  ip: string,
) {
  try {
    await limitSignIn(db, limits, user.email, ip, async () => {
      if (!(await verifyPassword(user.password_hash, typed)))
        throw new AppError('UNAUTHENTICATED', INVALID_LOGIN);
    });
  } catch (error) {
    if (error instanceof AppError && error.code === 'UNAUTHENTICATED') {
      throw badRequest('Senha atual incorreta.', 'currentPassword');
    }
    throw error;
  }
}

async function updateProfile(context: Context, me: SessionUser, input: UpdateProfile, ip: string) {
  const { db } = context;
  const user = await findUserById(db, me.id);
  if (!user) throw badRequest('Usuário não encontrado.');
  let passwordHash: string | undefined;
  if (input.newPassword) {
    await checkCurrentPassword(context, user, input.currentPassword ?? '', ip);
    passwordHash = await hashPassword(input.newPassword);
  }
  const updated = await db.transaction().execute(async (tx) => {
    const row = await updateUserProfile(tx, me.id, { name: input.name ?? user.name, passwordHash });
    if (passwordHash) await endUserSessions(tx, me.id, me.sessionId);
    await audit(tx, {
      userId: me.id,
      action: 'update',
      entity: 'user',
      entityId: me.id,
      before: { name: user.name },
      after: { name: row.name, passwordChanged: Boolean(passwordHash) },
    });
    return row;
  });
  return toMe(updated);
}

/**
 * Sends a reset link when the account exists and is not disabled. The answer is the same either way, and is
 * counted per e-mail whether or not it exists, so a refusal tells nothing about the address.
 */
async function requestPasswordReset(
  { db, limits, mailer, config }: Context,
  email: string,
  ip: string,
  onMailError: (error: unknown) => void,
) {
  await limitRequest(db, [
    { key: limitKeys.resetIp(ip), policy: limits.resetIp },
    { key: limitKeys.resetEmail(email), policy: limits.resetEmail },
  ]);
  const user = await findUserByEmail(db, email);
  if (!user || user.status === 'disabled') return { message: RESET_REQUESTED };
  const { token, hash } = newToken();
  await db
    .transaction()
    .execute((tx) => replacePasswordReset(tx, user.id, hash, new Date(Date.now() + RESET_TTL_MS)));
  // Not awaited: the answer must take the same time whether or not the e-mail exists.
  mailer.send(passwordResetMail(user, config.publicUrl, token)).catch(onMailError);
  return { message: RESET_REQUESTED };
}

/** A valid link sets the new password once, and signs the person out everywhere. */
async function resetPassword({ db, limits }: Context, token: string, password: string, ip: string) {
  await limitRequest(db, [{ key: limitKeys.resetIp(ip), policy: limits.resetIp }]);
  const passwordHash = await hashPassword(password);
  await db.transaction().execute(async (tx) => {
    const now = nowIso();
    const userId = await claimPasswordReset(tx, hashToken(token), now);
    if (userId === null) {
      throw badRequest('Link de redefinição inválido ou expirado. Solicite um novo.', 'token');
    }
    await setPasswordHash(tx, userId, passwordHash, now);
    await endUserSessions(tx, userId);
    // the link proved the person owns the e-mail: failed sign-ins before it no longer lock them out
    const user = await findUserById(tx, userId);
    if (user) await clearCounters(tx, limitKeys.signInPairs(user.email));
    await audit(tx, { userId, action: 'password_reset', entity: 'user', entityId: userId });
  });
}

export function createAuthService(deps: AuthServiceDeps) {
  const context: Context = { ...deps, limits: limitPolicies(deps.config.loginRateLimit) };
  return {
    register: (input: TRegisterRequest, ip: string) => register(context, input, ip),
    signIn: (credentials: { email: string; password: string }, ip: string, previousToken?: string) =>
      signIn(context, credentials, ip, previousToken),
    signOut: async (token: string | undefined) => {
      if (token) await deleteSessionByToken(deps.db, token);
    },
    updateProfile: (me: SessionUser, input: UpdateProfile, ip: string) =>
      updateProfile(context, me, input, ip),
    requestPasswordReset: (email: string, ip: string, onMailError: (error: unknown) => void) =>
      requestPasswordReset(context, email, ip, onMailError),
    resetPassword: (token: string, password: string, ip: string) =>
      resetPassword(context, token, password, ip),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
