import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TLiveEvent } from '@armazem/contracts/events';
import { buildTestApp, signUpAndLogin, type TestContext } from '../helper.ts';
import { createBox, createProduct, createSupplier, unique } from '../factories.ts';

// Lists stay current (DESIGN.md §6.1 "GET /api/events/v1"): a change to categories, units and packaging types, a
// product's packages and prices, a supplier–product link, the settings, and a month closed or reopened, are told to
// the screens after commit; a refused change, or one that changes nothing, tells nothing.

let ctx: TestContext;
let cookie: string;
const heard: TLiveEvent[] = [];
let stop: () => void;

beforeAll(async () => {
  ctx = await buildTestApp();
  cookie = await signUpAndLogin(ctx.app, 'admin@eventos.com.br', 'Eva Eventos');
  stop = await ctx.app.events.subscribe((event) => heard.push(event));
});
afterAll(async () => {
  stop();
  await ctx.close();
});

const send = (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
const types = () => heard.map((event) => event.type);

describe('live events for reference data and month closings', () => {
  it('tells the screens when a category is created or renamed, and not when it is refused', async () => {
    heard.length = 0;
    const name = `Eventos ${unique()}`;
    const created = await send('POST', '/api/categories/v1', { name });
    expect(created.statusCode).toBe(201);
    await expect.poll(types).toContain('reference');
    heard.length = 0;
    expect((await send('POST', '/api/categories/v1', { name })).statusCode).toBe(409);
    expect(
      (await send('PATCH', `/api/categories/v1/${created.json().id}`, { name: `${name} 2` })).statusCode,
    ).toBe(200);
    await expect.poll(types).toEqual(['reference']);
  });

  it('tells the screens when a month is closed and reopened', async () => {
    heard.length = 0;
    expect((await send('POST', '/api/stock/closings/v1', { year: 2026, month: 1 })).statusCode).toBe(201);
    await expect.poll(types).toContain('closings');
    heard.length = 0;
    const reopened = await send('POST', '/api/stock/closings/v1/reopen', {
      year: 2026,
      month: 1,
      reason: 'Ajuste de teste',
    });
    expect(reopened.statusCode).toBe(200);
    await expect.poll(types).toContain('closings');
  });
});

describe('live events for the business settings', () => {
  it('tells the screens when the settings are saved, and not when they are refused', async () => {
    heard.length = 0;
    const refused = await send('PUT', '/api/settings/v1', { businessName: 'Loja', businessDocument: '111' });
    expect(refused.statusCode).toBe(400);
    const saved = await send('PUT', '/api/settings/v1', {
      businessName: 'Loja dos Eventos',
      businessDocument: '12.ABC.345/01DE-35',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await expect.poll(types).toEqual(['settings']);
  });
});

describe('live events for what the product and supplier screens show', () => {
  const heardOf = (type: string) =>
    heard.filter((event) => event.type === type).flatMap((event) => event.ids);

  it("tells the screens when a product's package is added, changed or removed, or a price is added", async () => {
    const product = (await createProduct(ctx.app, cookie)) as { id: number };
    const url = `/api/products/v1/${product.id}`;
    heard.length = 0;
    const box = (await createBox(ctx.app, cookie, product.id)) as { id: number };
    await expect.poll(() => heardOf('products')).toContain(product.id);
    heard.length = 0;
    const changed = await send('PATCH', `${url}/unity/v1/${box.id}`, { quantity: 6 });
    expect(changed.statusCode, changed.body).toBe(200);
    await expect.poll(() => heardOf('products')).toContain(product.id);
    heard.length = 0;
    const priced = await send('POST', `${url}/price/v1`, { costPrice: '6.00', salePrice: '8.00' });
    expect(priced.statusCode, priced.body).toBe(201);
    await expect.poll(() => heardOf('products')).toContain(product.id);
    heard.length = 0;
    expect((await send('DELETE', `${url}/unity/v1/${box.id}`)).statusCode).toBe(204);
    await expect.poll(() => heardOf('products')).toContain(product.id);
  });

  it('tells both sides when a supplier and a product are linked or unlinked, and nothing when nothing changed', async () => {
    const product = (await createProduct(ctx.app, cookie)) as { id: number };
    const supplier = (await createSupplier(ctx.app, cookie)) as { id: number };
    const url = `/api/suppliers/v1/${supplier.id}/products/v1/${product.id}`;
    heard.length = 0;
    expect((await send('POST', url)).statusCode).toBe(204);
    await expect.poll(() => heardOf('suppliers')).toContain(supplier.id);
    await expect.poll(() => heardOf('products')).toContain(product.id);
    heard.length = 0;
    expect((await send('POST', url)).statusCode).toBe(204); // already linked: nothing changed
    expect((await send('DELETE', url)).statusCode).toBe(204);
    await expect.poll(() => heardOf('suppliers')).toContain(supplier.id);
    await expect.poll(() => heardOf('products')).toContain(product.id);
    // one unlink, one event of each side: the repeated link told nothing
    expect(heard.filter((event) => event.type === 'suppliers')).toHaveLength(1);
  });
});
