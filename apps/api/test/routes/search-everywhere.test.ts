import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithAdmin, type TestContext } from '../helper.ts';
import { createProduct, createSupplier, defaultUnityId } from '../factories.ts';

// A cross-database review (decision 0038) found searches that answered differently on SQLite and PostgreSQL: the
// counts list matched case on PostgreSQL only, and a product word with an emoji found nothing on SQLite.

let ctx: TestContext;
let cookie: string;
beforeAll(async () => {
  ({ ctx, cookie } = await appWithAdmin('admin@busca.com.br', 'Bruna Busca'));
});
afterAll(() => ctx.close());

const get = (url: string) => ctx.app.inject({ url, headers: { cookie } }).then((r) => r.json());

describe('search, the same on both databases', () => {
  it('finds counts by every word of their description, without regard to case or accents', async () => {
    for (const description of ['Balanço Mensal Alimentos', 'balanço geral', 'Contagem Limpeza']) {
      const created = await ctx.app.inject({
        method: 'POST',
        url: '/api/stock/counts/v1',
        headers: { cookie },
        payload: { description },
      });
      expect(created.statusCode).toBe(201);
    }
    const found = async (q: string) =>
      (await get(`/api/stock/counts/v1?order=asc&q=${encodeURIComponent(q)}`)).data.map(
        (count: { description: string }) => count.description,
      );
    expect(await found('balanço')).toEqual(['Balanço Mensal Alimentos', 'balanço geral']);
    expect(await found('BALANCO')).toEqual(['Balanço Mensal Alimentos', 'balanço geral']);
    expect(await found('mensal')).toEqual(['Balanço Mensal Alimentos']);
    expect(await found('alimentos balanco')).toEqual(['Balanço Mensal Alimentos']);
    expect(await found('LIMPEZA')).toEqual(['Contagem Limpeza']);
    expect((await get('/api/stock/counts/v1?q=inexistente')).total).toBe(0);
  });

  it('orders pickers by name as people read it, accents and case aside', async () => {
    for (const name of ['Zz Banana', 'zz água', 'Zz Abacate']) await createProduct(ctx.app, cookie, { name });
    const products = (await get('/api/products/v1/select?q=zz')) as Array<{ name: string }>;
    expect(products.map((p) => p.name)).toEqual(['Zz Abacate', 'zz água', 'Zz Banana']);
    for (const name of ['Zz Óleos Ltda', 'zz Aço Ltda', 'ZZ Nozes Ltda'])
      await createSupplier(ctx.app, cookie, { name });
    const suppliers = ((await get('/api/suppliers/v1/select')) as Array<{ name: string }>)
      .map((s) => s.name)
      .filter((name) => name.toLowerCase().startsWith('zz'));
    expect(suppliers).toEqual(['zz Aço Ltda', 'ZZ Nozes Ltda', 'Zz Óleos Ltda']);
  });

  it('filters entries and exits by q, each word in the product, as every paged list does', async () => {
    const farinha = await createProduct(ctx.app, cookie, { name: 'Farinha de Mandioca', sku: 'FAR-MAND' });
    const unit = await defaultUnityId(ctx.app, cookie, farinha.id);
    const post = (url: string, payload: object) =>
      ctx.app.inject({ method: 'POST', url, headers: { cookie }, payload });
    const movement = { productId: farinha.id, productUnityId: unit, quantity: 2 };
    expect((await post('/api/stock/in/v1', { ...movement, unitCost: '3' })).statusCode).toBe(201);
    expect((await post('/api/stock/out/v1', { ...movement, quantity: 1, reason: 'venda' })).statusCode).toBe(
      201,
    );
    for (const [url, q, total] of [
      ['/api/stock/in/v1', 'MANDIOCA farinha', 1],
      ['/api/stock/in/v1', 'far-mand', 1],
      ['/api/stock/in/v1', 'mandioca trigo', 0],
      ['/api/stock/out/v1', 'mandióca', 1],
    ] as const) {
      const page = await get(`${url}?q=${encodeURIComponent(q)}`);
      expect([url, q, page.total]).toEqual([url, q, total]);
      if (total > 0) expect(page.data[0].product.sku).toBe('FAR-MAND');
    }
    expect((await get('/api/stock/in/v1')).total).toBeGreaterThan(0);
  });

  it('finds a product by a word with an emoji in it', async () => {
    await createProduct(ctx.app, cookie, { name: 'Copo🥤Plástico', sku: 'COPO-EMOJI' });
    for (const q of ['🥤p', 'o🥤', 'copo🥤plastico']) {
      const page = await get(`/api/products/v1?q=${encodeURIComponent(q)}`);
      expect([q, page.total, page.data[0]?.sku]).toEqual([q, 1, 'COPO-EMOJI']);
      const stock = await get(`/api/stock/v1?q=${encodeURIComponent(q)}`);
      expect([q, stock.total]).toEqual([q, 1]);
    }
  });
});
