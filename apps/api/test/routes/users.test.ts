import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntry, appWithAdmin, createOperator, login, register, type TestContext } from '../helper.ts';
import { createUser } from '../factories.ts';

let ctx: TestContext;
let admin: string;
beforeAll(async () => {
  ({ ctx, cookie: admin } = await appWithAdmin('admin@loja.com.br', 'Carla Souza Lima'));
});
afterAll(async () => ctx.close());

describe('users administration', () => {
  it('lists users in the reqres-compatible shape, pending first', async () => {
    await register(ctx.app, 'pendente@loja.com.br', 'Davi Pendente');
    const response = await ctx.app.inject({ url: '/api/users?page=1', headers: { cookie: admin } });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ page: 1, per_page: 6, total: 2, total_pages: 1 });
    expect(body.data[0]).toEqual({
      id: expect.any(Number),
      email: 'pendente@loja.com.br',
      first_name: 'Davi',
      last_name: 'Pendente',
      avatar: null,
      role: 'operator',
      status: 'pending',
    });
    expect(body.data[1]).toMatchObject({ first_name: 'Carla', last_name: 'Souza Lima', role: 'admin' });
    const page2 = await ctx.app.inject({ url: '/api/users?page=2', headers: { cookie: admin } });
    expect(page2.json()).toMatchObject({ page: 2, data: [] });
  });

  it('rejects bad paging with 400', async () => {
    for (const query of ['page=0', 'page=abc', 'per_page=101']) {
      const response = await ctx.app.inject({ url: `/api/users?${query}`, headers: { cookie: admin } });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().code).toBe('VALIDATION_ERROR');
    }
  });

  it('approves a pending user, who can then sign in, and records it in the audit log', async () => {
    const { email } = await createUser(ctx.app, admin, { status: 'pending' });
    const list = await ctx.app.inject({
      url: '/api/users?status=pending&per_page=100',
      headers: { cookie: admin },
    });
    const pending = list.json().data.find((user: { email: string }) => user.email === email);
    expect(pending).toMatchObject({ status: 'pending' });
    const approve = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/users/${pending.id}`,
      headers: { cookie: admin },
      payload: { status: 'active' },
    });
    expect(approve.statusCode).toBe(200);
    expect(approve.json()).toMatchObject({ id: pending.id, status: 'active' });
    expect((await login(ctx.app, email)).statusCode).toBe(200);
    const audit = await auditEntry(ctx.handle.db, 'user', pending.id, 'update');
    expect(JSON.parse(audit?.before_data ?? '{}')).toMatchObject({ status: 'pending' });
    expect(JSON.parse(audit?.after_data ?? '{}')).toMatchObject({ status: 'active' });
  });

  it('keeps operators out with 403', async () => {
    const operator = await createOperator(ctx.app, admin, 'operador@loja.com.br');
    const list = await ctx.app.inject({ url: '/api/users', headers: { cookie: operator } });
    expect(list.statusCode).toBe(403);
    expect(list.json()).toEqual({ message: 'Apenas administradores podem fazer isto.', code: 'FORBIDDEN' });
    const patch = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/users/1',
      headers: { cookie: operator },
      payload: { role: 'operator' },
    });
    expect(patch.statusCode).toBe(403);
  });

  it('disabling a user ends their sessions', async () => {
    const operator = await createOperator(ctx.app, admin, 'sai@loja.com.br');
    const me = await ctx.app.inject({ url: '/api/auth/v1/me', headers: { cookie: operator } });
    const disable = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/users/${me.json().id}`,
      headers: { cookie: admin },
      payload: { status: 'disabled' },
    });
    expect(disable.statusCode).toBe(200);
    expect((await ctx.app.inject({ url: '/api/auth/v1/me', headers: { cookie: operator } })).statusCode).toBe(
      401,
    );
    expect((await login(ctx.app, 'sai@loja.com.br')).statusCode).toBe(403);
  });

  it('never disables or demotes the last active admin', async () => {
    const me = (await ctx.app.inject({ url: '/api/auth/v1/me', headers: { cookie: admin } })).json();
    for (const payload of [{ status: 'disabled' }, { role: 'operator' }]) {
      const response = await ctx.app.inject({
        method: 'PATCH',
        url: `/api/users/${me.id}`,
        headers: { cookie: admin },
        payload,
      });
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(
        'Não é possível desativar ou rebaixar o último administrador ativo.',
      );
    }
  });

  it('answers 404 for an unknown user and 400 for bad bodies', async () => {
    const missing = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/users/99999',
      headers: { cookie: admin },
      payload: { status: 'active' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Usuário não encontrado.', code: 'NOT_FOUND' });
    for (const payload of [{}, { status: 'banido' }, { role: 'dono' }, { status: 'active', extra: 1 }]) {
      const response = await ctx.app.inject({
        method: 'PATCH',
        url: '/api/users/1',
        headers: { cookie: admin },
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const badId = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/users/abc',
      headers: { cookie: admin },
      payload: { status: 'active' },
    });
    expect(badId.statusCode).toBe(400);
  });
});
