import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithAdmin, type TestContext } from '../helper.ts';
import { createProduct, defaultUnityId, stockIn } from '../factories.ts';
import { todayIn } from '../../src/lib/dates.ts';

/** Input the contract refuses or reads in one way only (DESIGN §4: unknown or malformed input gets 400). */

let ctx: TestContext;
let cookie: string;
beforeAll(async () => {
  ({ ctx, cookie } = await appWithAdmin('admin@entradas.com.br'));
});
afterAll(() => ctx.close());

const get = (url: string) => ctx.app.inject({ url, headers: { cookie } });

describe('query strings', () => {
  it('refuses a parameter the call does not know, naming it', async () => {
    for (const url of [
      '/api/stock/v1?foo=1',
      '/api/products/v1?page=1&statuss=active',
      '/api/stock/in/v1?x=',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
      expect(response.json().message, url).toMatch(/: Parâmetro não reconhecido\.$/);
    }
    expect((await get('/api/stock/v1?foo=1')).json().message).toBe('foo: Parâmetro não reconhecido.');
  });

  it('refuses a parameter given twice instead of reading one of them', async () => {
    const response = await get('/api/stock/v1?date=2026-01-01&date=2026-02-01');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Data: Informe um só valor.');
  });

  it('says a message once even when two checks of the field say it', async () => {
    const response = await get('/api/products/v1?page=9007199254740993');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Página inválida.');
  });

  it('still answers every parameter the screens send', async () => {
    const urls = [
      '/api/products/v1?page=1&pageSize=20&q=cafe&sort=name&order=asc&status=active',
      '/api/stock/v1?page=1&pageSize=20&sort=quantity&order=desc&belowMinimum=true&date=2026-01-31',
      '/api/stock/in/v1?page=1&pageSize=20&status=all&from=2026-01-01&to=2026-01-31',
    ];
    for (const url of urls) expect((await get(url)).statusCode, url).toBe(200);
  });
});

describe('movement bodies', () => {
  it('dates a movement sent with occurredOn null today, as one sent without it', async () => {
    const product = await createProduct(ctx.app, cookie);
    const unit = await defaultUnityId(ctx.app, cookie, product.id);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/stock/in/v1',
      headers: { cookie },
      payload: { productId: product.id, productUnityId: unit, quantity: 1, unitCost: '2', occurredOn: null },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().occurredOn).toBe(todayIn('America/Sao_Paulo'));
  });

  it('refuses a cancellation reason made only of invisible characters', async () => {
    const product = await createProduct(ctx.app, cookie);
    const unit = await defaultUnityId(ctx.app, cookie, product.id);
    const entry = await stockIn(ctx.app, cookie, {
      productId: product.id,
      productUnityId: unit,
      quantity: 1,
      unitCost: '1',
    });
    for (const reason of ['\u200b\u200b\u200b', '\u200b \u2060\u200b']) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: `/api/stock/in/v1/${entry.id}/cancel`,
        headers: { cookie },
        payload: { reason },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('Informe o motivo do cancelamento.');
    }
    const list = (await get(`/api/stock/in/v1?productId=${product.id}&status=cancelled`)).json();
    expect(list.data).toEqual([]);
  });
});
