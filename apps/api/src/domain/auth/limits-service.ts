import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import { limitKeys, waitFor, waitMessage, type LimitPolicies, type LimitPolicy } from './limits-rules.ts';
import { clearCounter, hitCounter, lockCounter, releaseHit, sweepCounters } from './limits-repository.ts';

const SIGN_IN_LOCKED = 'Muitas tentativas de entrada sem sucesso.';
const TOO_MANY_REQUESTS = 'Muitas tentativas em pouco tempo.';

export function rateLimited(waitMs: number, what: string): AppError {
  return new AppError('RATE_LIMITED', waitMessage(waitMs, what), {
    details: { retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) },
  });
}

/**
 * Runs one sign-in attempt under the limits of its (e-mail, IP) pair and of its IP. The attempt takes a hit on both
 * counters before the password is checked, so parallel guesses cannot all slip past the limit; a wrong password
 * keeps the hit (and locks the counter that reached its maximum), anything else gives it back: successes never count.
 */
export async function limitSignIn<T>(
  db: Db,
  policies: LimitPolicies,
  email: string,
  ip: string,
  attempt: () => Promise<T>,
): Promise<T> {
  const counters: Array<{ key: string; policy: LimitPolicy }> = [
    { key: limitKeys.signInPair(email, ip), policy: policies.signInPair },
    { key: limitKeys.signInIp(ip), policy: policies.signInIp },
  ];
  const now = new Date();
  const states = [];
  for (const counter of counters)
    states.push(await hitCounter(db, counter.key, counter.policy.windowMs, now));
  const wait = Math.max(...states.map((state, index) => waitFor(state, counters[index]!.policy, now)));
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
      const failedAt = new Date();
      for (const [index, counter] of counters.entries()) {
        if (states[index]!.hits >= counter.policy.max) {
          await lockCounter(db, counter.key, new Date(failedAt.getTime() + counter.policy.lockMs));
        }
      }
    } else {
      for (const counter of counters) await releaseHit(db, counter.key);
    }
    throw error;
  }
}

/** Counts a request (registration, reset link) against each key; past the maximum it is refused until the window ends. */
export async function limitRequest(db: Db, counters: Array<{ key: string; policy: LimitPolicy }>) {
  const now = new Date();
  for (const counter of counters) {
    const state = await hitCounter(db, counter.key, counter.policy.windowMs, now);
    const wait = waitFor(state, counter.policy, now);
    if (wait > 0) throw rateLimited(wait, TOO_MANY_REQUESTS);
  }
}
