import { describe, expect, it } from 'vitest';
import {
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
} from '../../src/domain/auth/auth-rules.ts';

const MINUTE = 60_000;
const now = new Date('2026-03-10T12:00:00.000Z');
const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * MINUTE).toISOString();

describe('sign-in limits', () => {
  const policies = limitPolicies(5);

  it('derive every ceiling from LOGIN_RATE_LIMIT', () => {
    expect(policies.signInPair).toEqual({ max: 5, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE });
    expect(policies.signInIp.max).toBe(100);
    expect(policies.registerIp).toEqual({ max: 50, windowMs: 60 * MINUTE, lockMs: 0 });
    expect(policies.resetEmail.max).toBe(5);
  });

  it('never keep an e-mail address in a key', () => {
    const [pair] = signInCounters(policies, 'ana@example.com', '10.0.0.1');
    expect(pair!.key).toMatch(/^login:pair:[0-9a-f]{32}:10\.0\.0\.1$/);
    expect(limitKeys.resetEmail('ana@example.com')).not.toContain('ana');
    expect(limitKeys.signInPair('ana@example.com', '1.1.1.1')).toBe(
      limitKeys.signInPair('ana@example.com', '1.1.1.1'),
    );
  });

  it('let a hit through while under the maximum and the counter is not locked', () => {
    const state = { hits: 5, windowStartedAt: minutesAgo(3), lockedUntil: null };
    expect(waitFor(state, policies.signInPair, now)).toBe(0);
  });

  it('make a hit past the maximum wait until its window ends', () => {
    const state = { hits: 6, windowStartedAt: minutesAgo(3), lockedUntil: null };
    expect(waitFor(state, policies.signInPair, now)).toBe(12 * MINUTE);
  });

  it('make a locked counter wait until the lock ends, whatever its hits', () => {
    const lockedUntil = new Date(now.getTime() + 7 * MINUTE).toISOString();
    expect(waitFor({ hits: 1, windowStartedAt: minutesAgo(20), lockedUntil }, policies.signInPair, now)).toBe(
      7 * MINUTE,
    );
    expect(
      waitFor(
        { hits: 1, windowStartedAt: minutesAgo(20), lockedUntil: minutesAgo(1) },
        policies.signInPair,
        now,
      ),
    ).toBe(0);
  });

  it('make an attempt wait as long as the longest of its counters', () => {
    const counters = signInCounters(policies, 'ana@example.com', '10.0.0.1');
    const free = { hits: 1, windowStartedAt: minutesAgo(1), lockedUntil: null };
    const over = { hits: 101, windowStartedAt: minutesAgo(5), lockedUntil: null };
    expect(longestWait([free, free], counters, now)).toBe(0);
    expect(longestWait([free, over], counters, now)).toBe(10 * MINUTE);
  });

  it('lock, after a wrong password, only the counters that reached their maximum, for lockMs', () => {
    const counters = signInCounters(policies, 'ana@example.com', '10.0.0.1');
    const atMax = { hits: 5, windowStartedAt: minutesAgo(1), lockedUntil: null };
    const below = { hits: 5, windowStartedAt: minutesAgo(1), lockedUntil: null };
    expect(locksAfterFailure([atMax, below], counters, now)).toEqual([
      { key: counters[0]!.key, until: new Date(now.getTime() + 15 * MINUTE) },
    ]);
    expect(locksAfterFailure([{ ...atMax, hits: 4 }, below], counters, now)).toEqual([]);
  });

  it('say how long to wait in whole minutes, never 0', () => {
    expect(waitMessage(1_000, 'Muitas tentativas.')).toBe(
      'Muitas tentativas. Aguarde 1 minuto e tente novamente.',
    );
    expect(waitMessage(14 * MINUTE + 1, 'Muitas tentativas.')).toBe(
      'Muitas tentativas. Aguarde 15 minutos e tente novamente.',
    );
  });
});

describe('accounts', () => {
  it('refuse a pending or disabled account even with the right password', () => {
    expect(signInRefusal('active')).toBeNull();
    expect(signInRefusal('pending')).toBe('Seu cadastro aguarda a aprovação de um administrador.');
    expect(signInRefusal('disabled')).toBe('Seu acesso está desativado. Fale com um administrador.');
  });

  it('tell a new account whether it is the admin or must wait for approval', () => {
    expect(registrationMessage('active')).toContain('Você é o administrador');
    expect(registrationMessage('pending')).toContain('precisa aprovar seu acesso');
  });

  it('send the reset link to the web app, with the token encoded, once per request', () => {
    const mail = passwordResetMail(
      { name: 'Ana', email: 'ana@example.com' },
      'https://estoque.example/',
      'a+b/c',
    );
    expect(mail.to).toBe('ana@example.com');
    expect(mail.subject).toBe('Armazém: redefinição de senha');
    expect(mail.text).toContain('Olá, Ana.');
    expect(mail.text).toContain('https://estoque.example/reset-password?token=a%2Bb%2Fc');
  });
});
