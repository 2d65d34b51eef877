import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithAdmin, type TestContext } from '../helper.ts';
import { createProduct, defaultUnityId, stockIn, stockOut } from '../factories.ts';

// One definition of "below minimum" (docs/decisions/0013): active and quantity < minStock. A fresh database, so
// the counts below are exact.
let ctx: TestContext;
let cookie: string;
beforeAll(async () => {
  ({ ctx, cookie } = await appWithAdmin('admin@minimo.com.br'));
});
afterAll(async () => ctx.close());

const get = (url: string) => ctx.app.inject({ url, headers: { cookie } }).then((response) => response.json());

async function product(name: string, quantity: number, status: 'active' | 'inactive') {
  const created = await createProduct(ctx.app, cookie, { name, minStock: 5 });
  if (quantity > 0)
    await stockIn(ctx.app, cookie, {
      productId: created.id,
      productUnityId: await defaultUnityId(ctx.app, cookie, created.id),
      quantity,
      unitCost: 1,
    });
  if (status === 'inactive')
    await ctx.app.inject({
      method: 'PATCH',
      url: `/api/products/v1/${created.id}`,
      headers: { cookie },
      payload: { status: 'inactive' },
    });
  return created.id as number;
}

describe('below minimum', () => {
  it('puts every product under exactly one of the two filters, and its flag, counts and list agree', async () => {
    const activeBelow = await product('Ativo abaixo', 2, 'active');
    const activeAt = await product('Ativo no mínimo', 5, 'active');
    const activeEmpty = await product('Ativo zerado', 0, 'active');
    const inactiveBelow = await product('Inativo abaixo', 2, 'inactive');
    const inactiveAbove = await product('Inativo acima', 9, 'inactive');
    const all = [activeBelow, activeAt, activeEmpty, inactiveBelow, inactiveAbove];

    type Row = { product: { id: number }; belowMinimum: boolean };
    const ids = (rows: Row[]) => rows.map((row) => row.product.id).sort((a, b) => a - b);
    const below = await get('/api/stock/v1?belowMinimum=true&pageSize=100');
    const notBelow = await get('/api/stock/v1?belowMinimum=false&pageSize=100');
    const every = await get('/api/stock/v1?pageSize=100');

    expect(ids(below.data)).toEqual([activeBelow, activeEmpty].sort((a, b) => a - b));
    expect(ids(notBelow.data)).toEqual([activeAt, inactiveBelow, inactiveAbove].sort((a, b) => a - b));
    expect(ids(every.data)).toEqual([...all].sort((a, b) => a - b));
    for (const row of every.data as Row[]) {
      const inBelow = ids(below.data).includes(row.product.id);
      const inNotBelow = ids(notBelow.data).includes(row.product.id);
      expect(inBelow !== inNotBelow, `produto ${row.product.id} em exatamente um filtro`).toBe(true);
      expect(row.belowMinimum, `produto ${row.product.id}`).toBe(inBelow);
    }
    expect(below.data.every((row: Row) => row.belowMinimum)).toBe(true);
    expect(notBelow.data.every((row: Row) => !row.belowMinimum)).toBe(true);

    expect(every.totals.belowMinimum).toBe(2);
    expect(below.totals.belowMinimum).toBe(2);
    expect(notBelow.totals.belowMinimum).toBe(0);
    expect((await get('/api/stock/v1/summary')).belowMinimum).toBe(2);
    // the notifications: a product that never had stock raises no alarm (decision 0076)
    expect(ids(await get('/api/stock/v1/below-minimum'))).toEqual([activeBelow]);
  });

  it('notifies a product below its minimum once it has moved, even back to zero, but not one never stocked', async () => {
    const never = await product('Nunca estocado', 0, 'active');
    const emptied = await product('Zerado depois', 3, 'active');
    await stockOut(ctx.app, cookie, {
      productId: emptied,
      productUnityId: await defaultUnityId(ctx.app, cookie, emptied),
      quantity: 3,
      reason: 'venda',
    });
    const listed = ((await get('/api/stock/v1/below-minimum')) as Array<{ product: { id: number } }>).map(
      (row) => row.product.id,
    );
    expect(listed).toContain(emptied);
    expect(listed).not.toContain(never);
  });
});
