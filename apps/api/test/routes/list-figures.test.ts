import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithAdmin, type TestContext } from '../helper.ts';
import { createProduct, defaultUnityId, stockIn, stockOut } from '../factories.ts';
import { assertFiguresInvariant } from '../invariants.ts';

// The list totals and the dashboard read figures the database's triggers keep (migration 013, decision 0026):
// after every kind of write they must equal a recount, and the lists' totals must equal their rows.
let ctx: TestContext;
let cookie: string;
beforeAll(async () => {
  ({ ctx, cookie } = await appWithAdmin('admin@figuras.com.br'));
});
afterAll(async () => ctx.close());

const get = (url: string) => ctx.app.inject({ url, headers: { cookie } }).then((response) => response.json());
const send = (method: 'PATCH' | 'DELETE' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

async function listsAgreeWithRows() {
  await assertFiguresInvariant(ctx.handle.db);
  for (const filter of ['', '&categoryId=1', '&categoryId=2', '&status=active', '&status=inactive']) {
    const page = await get(`/api/products/v1?pageSize=100${filter}`);
    expect(page.total, `produtos${filter}`).toBe(page.data.length);
  }
  for (const filter of ['', '&categoryId=1', '&belowMinimum=true', '&belowMinimum=false']) {
    const page = await get(`/api/stock/v1?pageSize=100${filter}`);
    type Row = { totalValue: string; belowMinimum: boolean };
    const rows = page.data as Row[];
    expect(page.total, `saldos${filter}`).toBe(rows.length);
    expect(page.totals.belowMinimum).toBe(rows.filter((row) => row.belowMinimum).length);
    const cents = rows.reduce((sum, row) => sum + Math.round(Number(row.totalValue) * 10000), 0);
    expect(Math.round(Number(page.totals.totalValue) * 10000)).toBe(cents);
  }
  const all = await get('/api/stock/v1?pageSize=100');
  const summary = await get('/api/stock/v1/summary');
  expect(summary.belowMinimum).toBe(all.totals.belowMinimum);
  expect(summary.stockValue).toBe(all.totals.totalValue);
  const active = await get('/api/stock/v1?pageSize=100');
  expect(summary.activeProducts).toBe(
    (active.data as Array<{ status: string }>).filter((row) => row.status === 'active').length,
  );
}

describe('maintained list figures', () => {
  it('follow creations, movements, cancellations, edits and deletions', async () => {
    const a = await createProduct(ctx.app, cookie, { name: 'Figura A', minStock: 5, categoryId: 1 });
    const b = await createProduct(ctx.app, cookie, { name: 'Figura B', minStock: 1, categoryId: 2 });
    const gone = await createProduct(ctx.app, cookie, { name: 'Figura apagada', minStock: 3, categoryId: 2 });
    await listsAgreeWithRows();

    const unityA = await defaultUnityId(ctx.app, cookie, a.id);
    await stockIn(ctx.app, cookie, {
      productId: a.id,
      productUnityId: unityA,
      quantity: 8,
      unitCost: 2.5,
    });
    await stockOut(ctx.app, cookie, {
      productId: a.id,
      productUnityId: unityA,
      quantity: 2,
      reason: 'venda',
    });
    const entry = await stockIn(ctx.app, cookie, {
      productId: b.id,
      productUnityId: await defaultUnityId(ctx.app, cookie, b.id),
      quantity: 3,
      unitCost: 1.25,
    });
    await listsAgreeWithRows();

    // min stock, category and status move a product between groups
    expect((await send('PATCH', `/api/products/v1/${a.id}`, { minStock: 50 })).statusCode).toBe(200);
    expect((await send('PATCH', `/api/products/v1/${b.id}`, { categoryId: 1 })).statusCode).toBe(200);
    await listsAgreeWithRows();
    expect((await send('PATCH', `/api/products/v1/${a.id}`, { status: 'inactive' })).statusCode).toBe(200);
    await listsAgreeWithRows();
    expect(
      (await send('PATCH', `/api/products/v1/${a.id}`, { status: 'active', minStock: 0 })).statusCode,
    ).toBe(200);

    // a cancelled entry and a deleted product
    const cancel = await send('POST', `/api/stock/in/v1/${entry.id}/cancel`, { reason: 'Lançado em dobro' });
    expect(cancel.statusCode).toBeLessThan(300);
    expect((await send('DELETE', `/api/products/v1/${gone.id}`)).statusCode).toBe(204);
    await listsAgreeWithRows();
  });
});
