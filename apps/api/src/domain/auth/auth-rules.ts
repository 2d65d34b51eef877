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
  /** every sign-in pair of one e-mail (a reset proves the person owns it: its locks go) */
  signInPairs: (email: string) => `login:pair:${digest(email)}:`,
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

export const INVALID_LOGIN = 'E-mail ou senha inválidos.';
export const RESET_TTL_MS = 60 * 60 * 1000;

/** Why an account with the right password still may not sign in, or null when it may. */
export function signInRefusal(status: 'active' | 'pending' | 'disabled'): string | null {
  if (status === 'pending') return 'Seu cadastro aguarda a aprovação de um administrador.';
  if (status === 'disabled') return 'Seu acesso está desativado. Fale com um administrador.';
  return null;
}

export function registrationMessage(status: 'active' | 'pending' | 'disabled'): string {
  return status === 'active'
    ? 'Cadastro realizado! Você é o administrador e já entrou no sistema.'
    : 'Cadastro recebido! Um administrador precisa aprovar seu acesso antes do primeiro login.';
}

export const RESET_REQUESTED =
  'Se o e-mail estiver cadastrado, você receberá em instantes um link para redefinir a senha.';

/** The e-mail with the single-use link that opens the reset form of the web app. */
export function passwordResetMail(user: { name: string; email: string }, publicUrl: string, token: string) {
  const link = `${publicUrl.replace(/\/$/, '')}/reset-password?token=${encodeURIComponent(token)}`;
  return {
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
  };
}

export interface LimitCounter {
  key: string;
  policy: LimitPolicy;
}

/** The sign-in counters an attempt takes a hit on: its (e-mail, IP) pair and its IP. */
export function signInCounters(policies: LimitPolicies, email: string, ip: string): LimitCounter[] {
  return [
    { key: limitKeys.signInPair(email, ip), policy: policies.signInPair },
    { key: limitKeys.signInIp(ip), policy: policies.signInIp },
  ];
}

/** How long an attempt must wait: the longest wait of its counters (0 when it may go on). */
export function longestWait(states: CounterState[], counters: LimitCounter[], now: Date): number {
  return Math.max(0, ...states.map((state, index) => waitFor(state, counters[index]!.policy, now)));
}

/** After a wrong password, the counters that reached their maximum are locked until lockMs after the failure. */
export function locksAfterFailure(states: CounterState[], counters: LimitCounter[], failedAt: Date) {
  return counters
    .filter((counter, index) => states[index]!.hits >= counter.policy.max)
    .map((counter) => ({ key: counter.key, until: new Date(failedAt.getTime() + counter.policy.lockMs) }));
}
