import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appWithAdmin,
  PASSWORD,
  buildTestApp,
  login,
  register,
  sessionCookieFrom,
  type TestContext,
} from '../helper.ts';
import { createUser } from '../factories.ts';

// Every test signs in with an account of its own, built by the factory; `admin` only approves them.
let ctx: TestContext;
let admin: string;
beforeAll(async () => {
  ({ ctx, cookie: admin } = await appWithAdmin('admin@empresa.com.br', 'Ana Admin'));
});
afterAll(async () => ctx.close());

describe('the first account', () => {
  // Needs a database without users: its own app.
  let fresh: TestContext;
  beforeAll(async () => {
    fresh = await buildTestApp();
  });
  afterAll(async () => fresh.close());

  it('makes the first account an active admin and later ones pending operators', async () => {
    const first = await register(fresh.app, 'Admin@Empresa.com.br ', 'Ana Admin');
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      user: { email: 'admin@empresa.com.br', role: 'admin', status: 'active', name: 'Ana Admin' },
    });
    const second = await register(fresh.app, 'bruno@empresa.com.br', 'Bruno');
    expect(second.statusCode).toBe(201);
    expect(second.json().user).toMatchObject({ role: 'operator', status: 'pending' });
    expect(second.json().message).toMatch(/aprovar/);
    expect(second.json().user).not.toHaveProperty('password_hash');
  });

  it('signs the administrator in right after registering; a pending account gets no session (issue 33)', async () => {
    const first = await register(fresh.app, 'carla@empresa.com.br', 'Carla');
    // not the first account of this database: pending, so no cookie
    expect(first.headers['set-cookie']).toBeUndefined();
    const other = await buildTestApp();
    try {
      const admin = await register(other.app, 'dona@empresa.com.br', 'Dona');
      expect(admin.json().message).toBe('Cadastro realizado! Você é o administrador e já entrou no sistema.');
      const cookie = String(admin.headers['set-cookie']).split(';')[0]!;
      expect(cookie).toMatch(/=./);
      const me = await other.app.inject({ url: '/api/auth/v1/me', headers: { cookie } });
      expect(me.statusCode).toBe(200);
      expect(me.json()).toMatchObject({ email: 'dona@empresa.com.br', role: 'admin' });
    } finally {
      await other.close();
    }
  });
});

describe('register', () => {
  it('refuses a duplicate e-mail with 409', async () => {
    await createUser(ctx.app, admin, { email: 'duplicado@empresa.com.br' });
    const again = await register(ctx.app, 'DUPLICADO@empresa.com.br');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      message: expect.stringContaining('já está cadastrado'),
      code: 'CONFLICT',
    });
  });

  it('validates every field in Portuguese', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/v1/register',
      payload: { name: '', email: 'não-é-email', password: 'curta' },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.issues).toEqual(
      expect.arrayContaining([
        { path: 'name', message: 'Campo obrigatório.' },
        { path: 'email', message: 'E-mail inválido.' },
        { path: 'password', message: 'A senha deve ter no mínimo 8 caracteres.' },
      ]),
    );
    // each message names its field once: "Nome: Campo obrigatório.", but not "Senha: A senha…"
    expect(body.message).toBe(
      'Nome: Campo obrigatório. E-mail inválido. A senha deve ter no mínimo 8 caracteres.',
    );
  });

  it('refuses passwords longer than 128 characters and names longer than 200', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/v1/register',
      payload: { name: 'x'.repeat(201), email: 'long@empresa.com.br', password: 'a'.repeat(129) },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toEqual(
      expect.arrayContaining([
        { path: 'name', message: 'Máximo de 200 caracteres.' },
        { path: 'password', message: 'A senha deve ter no máximo 128 caracteres.' },
      ]),
    );
  });
});

describe('login, me and logout', () => {
  it('answers 401 with the same message for a wrong password and an unknown e-mail', async () => {
    const { email } = await createUser(ctx.app, admin);
    const wrong = await login(ctx.app, email, 'senha-errada-123');
    const unknown = await login(ctx.app, 'ninguem@empresa.com.br');
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'E-mail ou senha inválidos.', code: 'UNAUTHENTICATED' });
      expect(response.cookies).toHaveLength(0);
    }
  });

  it('keeps pending accounts out with 403 after a correct password', async () => {
    const { email } = await createUser(ctx.app, admin, { status: 'pending' });
    const response = await login(ctx.app, email);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toMatch(/aguarda a aprovação/);
  });

  it('signs in with an httpOnly SameSite=Lax cookie, answers me, and ends the session on logout', async () => {
    const { email } = await createUser(ctx.app, admin, { name: 'Ana Admin', role: 'admin' });
    const response = await login(ctx.app, email);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      user: { id: expect.any(Number), name: 'Ana Admin', email, role: 'admin' },
    });
    const cookie = response.cookies.find((item) => item.name === 'armazem_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.value).toMatch(/^[\w-]{43}$/);
    const session = sessionCookieFrom(response);

    const me = await ctx.app.inject({ method: 'GET', url: '/api/auth/v1/me', headers: { cookie: session } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({
      id: expect.any(Number),
      name: 'Ana Admin',
      email,
      role: 'admin',
    });

    const stored = await ctx.handle.db.selectFrom('sessions').select('token_hash').execute();
    expect(stored.map((row) => row.token_hash)).not.toContain(cookie?.value);

    const logout = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/v1/logout',
      headers: { cookie: session },
    });
    expect(logout.statusCode).toBe(204);
    const after = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/v1/me',
      headers: { cookie: session },
    });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ message: expect.any(String), code: 'UNAUTHENTICATED' });
  });

  it('starts a new session on every login and drops the one the browser still had', async () => {
    const { email } = await createUser(ctx.app, admin);
    const first = sessionCookieFrom(await login(ctx.app, email));
    const second = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/v1/login',
      headers: { cookie: first },
      payload: { email, password: PASSWORD },
    });
    const secondCookie = sessionCookieFrom(second);
    expect(secondCookie).not.toBe(first);
    expect((await ctx.app.inject({ url: '/api/auth/v1/me', headers: { cookie: first } })).statusCode).toBe(
      401,
    );
    expect(
      (await ctx.app.inject({ url: '/api/auth/v1/me', headers: { cookie: secondCookie } })).statusCode,
    ).toBe(200);
  });

  it('expires sessions idle for too long', async () => {
    const { id, email } = await createUser(ctx.app, admin);
    const session = sessionCookieFrom(await login(ctx.app, email));
    const longAgo = new Date(Date.now() - 2 * 3_600_000).toISOString();
    await ctx.handle.db
      .updateTable('sessions')
      .set({ last_seen_at: longAgo })
      .where('user_id', '=', id)
      .execute();
    expect((await ctx.app.inject({ url: '/api/auth/v1/me', headers: { cookie: session } })).statusCode).toBe(
      401,
    );
  });

  it('requires a session for protected calls', async () => {
    for (const url of ['/api/categories/v1', '/api/users', '/api/settings/v1', '/api/auth/v1/me']) {
      const response = await ctx.app.inject({ url });
      expect(response.statusCode, url).toBe(401);
      expect(response.json().code).toBe('UNAUTHENTICATED');
    }
  });
});

/** Asks for a reset link for `email` and reads its token from the mail that arrives. */
async function resetToken(email: string): Promise<string> {
  await ctx.app.inject({ method: 'POST', url: '/api/auth/v1/forgot-password', payload: { email } });
  const mailTo = () => ctx.mail.findLast((message) => message.to === email)?.text ?? '';
  await expect.poll(mailTo).toMatch(/token=/);
  return /token=([\w-]+)/.exec(mailTo())?.[1] ?? '';
}

describe('password reset', () => {
  it('answers 202 the same way whether or not the e-mail exists, and mails a link only to real accounts', async () => {
    const { email } = await createUser(ctx.app, admin);
    const before = ctx.mail.length;
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/v1/forgot-password',
      payload: { email: 'ninguem@empresa.com.br' },
    });
    const known = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/v1/forgot-password',
      payload: { email },
    });
    expect(unknown.statusCode).toBe(202);
    expect(known.statusCode).toBe(202);
    expect(known.json()).toEqual(unknown.json());
    await expect.poll(() => ctx.mail.length).toBe(before + 1);
    const message = ctx.mail.at(-1);
    expect(message?.to).toBe(email);
    expect(message?.text).toMatch(/http:\/\/armazem\.test\/reset-password\?token=[\w-]+/);
  });

  it('resets the password with a single-use token and ends existing sessions', async () => {
    const { email } = await createUser(ctx.app, admin);
    const session = sessionCookieFrom(await login(ctx.app, email));
    const token = await resetToken(email);

    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/v1/reset-password',
      payload: { token, password: 'nova-senha-456' },
    });
    expect(reset.statusCode).toBe(204);
    expect((await ctx.app.inject({ url: '/api/auth/v1/me', headers: { cookie: session } })).statusCode).toBe(
      401,
    );
    expect((await login(ctx.app, email)).statusCode).toBe(401);
    expect((await login(ctx.app, email, 'nova-senha-456')).statusCode).toBe(200);

    const reused = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/v1/reset-password',
      payload: { token, password: 'outra-senha-789' },
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toBe('Link de redefinição inválido ou expirado. Solicite um novo.');
  });

  it('refuses an expired token', async () => {
    const { id, email } = await createUser(ctx.app, admin);
    const token = await resetToken(email);
    await ctx.handle.db
      .updateTable('password_resets')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', id)
      .where('used_at', 'is', null)
      .execute();
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/v1/reset-password',
      payload: { token, password: 'nova-senha-999' },
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('profile', () => {
  it('changes the name, and the password only with the current one', async () => {
    const { email } = await createUser(ctx.app, admin, { password: 'nova-senha-456' });
    const session = sessionCookieFrom(await login(ctx.app, email, 'nova-senha-456'));
    const editProfile = (payload: object) =>
      ctx.app.inject({ method: 'PATCH', url: '/api/auth/v1/me', headers: { cookie: session }, payload });
    const renamed = await editProfile({ name: 'Ana Maria' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().name).toBe('Ana Maria');
    const wrong = await editProfile({ currentPassword: 'errada-000', newPassword: 'trocada-123' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Senha atual incorreta.');
    const ok = await editProfile({ currentPassword: 'nova-senha-456', newPassword: 'trocada-123' });
    expect(ok.statusCode).toBe(200);
    expect((await login(ctx.app, email, 'trocada-123')).statusCode).toBe(200);
  });
});
