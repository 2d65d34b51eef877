import { createHash } from 'node:crypto';

/** How many hits a key may take in its window, and how long a lock lasts once it is reached. */
export interface LimitPolicy {
  max: number;
  windowMs: number;
  lockMs: number;
}

const MINUTE = 60_000;

/**
 * DESIGN §4. LOGIN_RATE_LIMIT is the number of failed sign-ins one e-mail may have from one IP in 15 minutes; the
 * pair is then locked for 15 minutes. One IP across every account may fail 20 times that (credential stuffing), and
 * may ask for 10 times that many registrations or password-reset links per hour; one e-mail gets at most
 * LOGIN_RATE_LIMIT reset links per hour. Successful sign-ins never count.
 */
export function limitPolicies(loginRateLimit: number) {
  return {
    signInPair: { max: loginRateLimit, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE },
    signInIp: { max: loginRateLimit * 20, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE },
    registerIp: { max: loginRateLimit * 10, windowMs: 60 * MINUTE, lockMs: 0 },
    resetIp: { max: loginRateLimit * 10, windowMs: 60 * MINUTE, lockMs: 0 },
    resetEmail: { max: loginRateLimit, windowMs: 60 * MINUTE, lockMs: 0 },
  } satisfies Record<string, LimitPolicy>;
}
export type LimitPolicies = ReturnType<typeof limitPolicies>;

/** E-mails are hashed: the table must not become a list of the addresses someone tried. */
const digest = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 32);

export const limitKeys = {
  signInPair: (email: string, ip: string) => `login:pair:${digest(email)}:${ip}`,
  signInIp: (ip: string) => `login:ip:${ip}`,
  registerIp: (ip: string) => `register:ip:${ip}`,
  resetIp: (ip: string) => `reset:ip:${ip}`,
  resetEmail: (email: string) => `reset:email:${digest(email)}`,
};

export interface CounterState {
  hits: number;
  windowStartedAt: string;
  lockedUntil: string | null;
}

/** Milliseconds until the key may be used again, or 0 when this hit is allowed. */
export function waitFor(state: CounterState, policy: LimitPolicy, now: Date): number {
  const lockEnd = state.lockedUntil ? Date.parse(state.lockedUntil) : 0;
  if (lockEnd > now.getTime()) return lockEnd - now.getTime();
  if (state.hits > policy.max) return Date.parse(state.windowStartedAt) + policy.windowMs - now.getTime();
  return 0;
}

/** 'Aguarde 15 minutos' — rounded up to whole minutes, never 0. */
export function waitMessage(waitMs: number, what: string): string {
  const minutes = Math.max(1, Math.ceil(waitMs / MINUTE));
  return `${what} Aguarde ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'} e tente novamente.`;
}
