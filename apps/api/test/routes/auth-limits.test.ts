import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../src/app.ts';
import type { DatabaseHandle } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { PASSWORD, createTestDatabase } from '../helper.ts';

/** Two app instances on one database, as two servers behind a load balancer. */
let handle: DatabaseHandle;
let drop: () => Promise<void>;
let first: App;
let second: App;
/** The texts of the e-mails the instances sent (reset links). */
const sent: string[] = [];

function instance(database: DatabaseHandle): Promise<App> {
  return buildApp({
    database,
    mailer: {
      send: async (message: { text: string }) => {
        sent.push(message.text);
      },
    },
    config: {
      sessions: { idleMinutes: 60, absoluteHours: 24 },
      loginRateLimit: 3,
      publicUrl: 'http://armazem.test',
      allowedOrigins: [],
      timeZone: 'America/Sao_Paulo',
    },
  });
}

beforeAll(async () => {
  ({ handle, drop } = await createTestDatabase());
  await migrateToLatest(handle);
  first = await instance(handle);
  second = await instance(handle);
  await Promise.all([first.ready(), second.ready()]);
});
afterAll(async () => {
  await first.close();
  await second.close();
  await drop();
});

const signIn = (app: App, email: string, password: string, ip = '203.0.113.10') =>
  app.inject({
    method: 'POST',
    url: '/api/auth/v1/login',
    remoteAddress: ip,
    payload: { email, password },
  });

let registrations = 0;
/** `count` active accounts, each registered from its own address so registration limits stay out of the way. */
async function staff(prefix: string, count: number): Promise<string[]> {
  const emails = Array.from({ length: count }, (_, index) => `${prefix}${index}@loja.com.br`);
  for (const email of emails) {
    registrations += 1;
    const response = await first.inject({
      method: 'POST',
      url: '/api/auth/v1/register',
      remoteAddress: `10.9.${Math.floor(registrations / 250)}.${registrations % 250}`,
      payload: { name: 'Pessoa da loja', email, password: PASSWORD },
    });
    expect(response.statusCode).toBe(201);
    await handle.db.updateTable('users').set({ status: 'active' }).where('email', '=', email).execute();
  }
  return emails;
}

describe('sign-in limits (DESIGN §4)', () => {
  it('lets 30 people sign in from one office IP: successes never count', async () => {
    const emails = await staff('turno', 30);
    for (const email of emails) {
      expect((await signIn(first, email, PASSWORD, '198.51.100.7')).statusCode).toBe(200);
    }
    // And again, after a couple of typos each, which stay under the per-account limit.
    for (const email of emails.slice(0, 10)) {
      expect((await signIn(first, email, 'senha-errada', '198.51.100.7')).statusCode).toBe(401);
      expect((await signIn(first, email, PASSWORD, '198.51.100.7')).statusCode).toBe(200);
    }
  });

  it('lifts the sign-in lock of an account whose owner reset the password by the e-mailed link', async () => {
    const [owner] = await staff('destrava', 1);
    const ip = '192.0.2.60';
    for (const guess of ['chute-1', 'chute-2', 'chute-3']) await signIn(first, owner!, guess, ip);
    expect((await signIn(first, owner!, PASSWORD, ip)).statusCode).toBe(429);
    const asked = await first.inject({
      method: 'POST',
      url: '/api/auth/v1/forgot-password',
      remoteAddress: ip,
      payload: { email: owner },
    });
    expect(asked.statusCode).toBe(202);
    await expect.poll(() => sent.find((text) => text.includes('reset-password?token='))).toBeTruthy();
    const token = /token=([\w-]+)/.exec(sent.at(-1) ?? '')?.[1];
    const reset = await second.inject({
      method: 'POST',
      url: '/api/auth/v1/reset-password',
      remoteAddress: ip,
      payload: { token, password: 'nova-senha-segura-1' },
    });
    expect(reset.statusCode, reset.body).toBe(204);
    expect((await signIn(first, owner!, 'nova-senha-segura-1', ip)).statusCode).toBe(200);
  });

  it('counts a wrong current password on the profile like a failed sign-in, and locks it the same way', async () => {
    const [person] = await staff('perfil', 1);
    const ip = '192.0.2.70';
    const login = await signIn(first, person!, PASSWORD, ip);
    const cookie = String(login.headers['set-cookie']).split(';')[0] ?? '';
    const change = (currentPassword: string) =>
      second.inject({
        method: 'PATCH',
        url: '/api/auth/v1/me',
        remoteAddress: ip,
        headers: { cookie },
        payload: { currentPassword, newPassword: 'outra-senha-segura-2' },
      });
    const answers = [];
    for (const guess of ['chute-1', 'chute-2', 'chute-3', PASSWORD])
      answers.push((await change(guess)).statusCode);
    // three wrong guesses (the limit), then even the right one waits, as at the sign-in
    expect(answers).toEqual([400, 400, 400, 429]);
    expect((await change('chute-4')).json().code).toBe('RATE_LIMITED');
  });

  it('locks the (account, IP) pair after a few failures, on every instance, and not other accounts', async () => {
    const [victim, colleague] = await staff('alvo', 2);
    const ip = '192.0.2.44';
    expect((await signIn(first, victim!, 'chute-1', ip)).statusCode).toBe(401);
    expect((await signIn(second, victim!, 'chute-2', ip)).statusCode).toBe(401);
    expect((await signIn(first, victim!, 'chute-3', ip)).statusCode).toBe(401);

    // The third failure reached the limit (3): the pair is locked on both instances, even for the right password.
    for (const app of [first, second]) {
      const locked = await signIn(app, victim!, PASSWORD, ip);
      expect(locked.statusCode).toBe(429);
      expect(locked.json()).toEqual({
        message: 'Muitas tentativas de entrada sem sucesso. Aguarde 15 minutos e tente novamente.',
        code: 'RATE_LIMITED',
      });
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    }

    // Another account from the same IP, and the same account from another IP, still sign in.
    expect((await signIn(second, colleague!, PASSWORD, ip)).statusCode).toBe(200);
    expect((await signIn(second, victim!, PASSWORD, '192.0.2.45')).statusCode).toBe(200);
  });

  it('keeps the counters in the database, so a restarted instance remembers them', async () => {
    const [email] = await staff('reinicio', 1);
    const ip = '192.0.2.80';
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await signIn(first, email!, 'errada', ip)).statusCode).toBe(401);
    }
    const restarted = await instance(handle);
    try {
      expect((await signIn(restarted, email!, PASSWORD, ip)).statusCode).toBe(429);
    } finally {
      await restarted.close();
    }
  });

  it('answers unknown e-mails exactly like wrong passwords, lock included', async () => {
    const ip = '192.0.2.90';
    const answers = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const response = await signIn(first, 'ninguem@loja.com.br', 'qualquer', ip);
      answers.push([response.statusCode, response.json().message]);
    }
    expect(answers).toEqual([
      [401, 'E-mail ou senha inválidos.'],
      [401, 'E-mail ou senha inválidos.'],
      [401, 'E-mail ou senha inválidos.'],
      [429, 'Muitas tentativas de entrada sem sucesso. Aguarde 15 minutos e tente novamente.'],
    ]);
  });

  it('locks one IP that fails across many accounts (credential stuffing) at a much higher ceiling', async () => {
    const ip = '192.0.2.120';
    // 20 × LOGIN_RATE_LIMIT = 60 failures, each on a different account so no pair is locked.
    for (let attempt = 0; attempt < 60; attempt += 1) {
      expect((await signIn(first, `lista${attempt}@vazou.com`, 'senha123', ip)).statusCode).toBe(401);
    }
    const [email] = await staff('depois', 1);
    expect((await signIn(second, email!, PASSWORD, ip)).statusCode).toBe(429);
    expect((await signIn(second, email!, PASSWORD, '192.0.2.121')).statusCode).toBe(200);
  });

  it('limits registrations and reset links per IP without telling whether an e-mail exists', async () => {
    const ip = '192.0.2.150';
    const forgot = (app: App, email: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/v1/forgot-password',
        remoteAddress: ip,
        payload: { email },
      });
    const [known] = await staff('esqueci', 1);
    // Per e-mail: LOGIN_RATE_LIMIT (3) links an hour, the same for a known and an unknown address.
    for (const email of [known!, 'desconhecido@loja.com.br']) {
      const statuses = [];
      for (let attempt = 0; attempt < 4; attempt += 1)
        statuses.push((await forgot(second, email)).statusCode);
      expect(statuses).toEqual([202, 202, 202, 429]);
    }
    // Per IP: 10 × LOGIN_RATE_LIMIT = 30 requests an hour in all (8 spent above, the two refused included).
    const statuses = [];
    for (let attempt = 0; attempt < 23; attempt += 1) {
      statuses.push((await forgot(first, `outro${attempt}@loja.com.br`)).statusCode);
    }
    expect(statuses.filter((status) => status === 202)).toHaveLength(22);
    expect(statuses.at(-1)).toBe(429);

    const registerFrom = (n: number) =>
      first.inject({
        method: 'POST',
        url: '/api/auth/v1/register',
        remoteAddress: '192.0.2.151',
        payload: { name: 'Nova pessoa', email: `cadastro${n}@loja.com.br`, password: PASSWORD },
      });
    for (let n = 0; n < 30; n += 1) expect((await registerFrom(n)).statusCode).toBe(201);
    const refused = await registerFrom(30);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(
      /^Muitas tentativas em pouco tempo\. Aguarde \d+ minutos? e tente/,
    );
  });
});
