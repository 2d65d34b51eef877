import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithAdmin, type TestContext } from '../helper.ts';
import { createProduct, createSupplier, defaultUnityId } from '../factories.ts';

// Decision 0038: a list sorted on a column that may be empty answers the same order on SQLite and PostgreSQL (an
// empty value is the smallest: first going up, last going down), and the stock list dates a product's last movement.

let ctx: TestContext;
let cookie: string;
beforeAll(async () => {
  ({ ctx, cookie } = await appWithAdmin('admin@vazios.com.br', 'Vera Vazia'));
});
afterAll(() => ctx.close());

const get = (url: string) => ctx.app.inject({ url, headers: { cookie } }).then((r) => r.json());
const post = (url: string, payload: object) =>
  ctx.app.inject({ method: 'POST', url, headers: { cookie }, payload });
const names = (page: { data: Array<{ product: { name: string } }> }) =>
  page.data.map((row) => row.product.name);

async function product(name: string) {
  const created = await createProduct(ctx.app, cookie, { name, sku: name.toUpperCase().replace(/\W/g, '') });
  return { id: created.id as number, unit: await defaultUnityId(ctx.app, cookie, created.id) };
}

describe('empty values in sorted lists', () => {
  it('orders a product that never moved, and an entry without supplier, first going up and last going down', async () => {
    await product('Vz Parado');
    const antigo = await product('Vz Antigo');
    const recente = await product('Vz Recente');
    const supplier = await createSupplier(ctx.app, cookie, { name: 'Vz Fornecedor' });
    const entry = (p: { id: number; unit: number }, occurredOn: string, supplierId?: number) =>
      post('/api/stock/in/v1', {
        productId: p.id,
        productUnityId: p.unit,
        quantity: 1,
        unitCost: '2',
        occurredOn,
        ...(supplierId ? { supplierId } : {}),
      });
    // typed in this order, dated the other way round: the recording time and the movement date disagree
    expect((await entry(recente, '2026-10-20', supplier.id)).statusCode).toBe(201);
    expect((await entry(antigo, '2026-03-05')).statusCode).toBe(201);

    const stock = (sort: string, order: string, date = '') =>
      get(`/api/stock/v1?q=Vz&sort=${sort}&order=${order}${date ? `&date=${date}` : ''}`).then(names);
    expect(await stock('lastMovementOn', 'asc')).toEqual(['Vz Parado', 'Vz Antigo', 'Vz Recente']);
    expect(await stock('lastMovementOn', 'desc')).toEqual(['Vz Recente', 'Vz Antigo', 'Vz Parado']);
    // by recording time the later-typed entry comes last
    expect(await stock('lastMovementAt', 'asc')).toEqual(['Vz Parado', 'Vz Recente', 'Vz Antigo']);
    expect(await stock('lastMovementAt', 'desc')).toEqual(['Vz Antigo', 'Vz Recente', 'Vz Parado']);
    // at a past date the later product had not moved yet
    expect(await stock('lastMovementOn', 'asc', '2026-06-30')).toEqual([
      'Vz Parado',
      'Vz Recente',
      'Vz Antigo',
    ]);
    // (ties go by product, in the same direction)
    expect(await stock('lastMovementOn', 'desc', '2026-06-30')).toEqual([
      'Vz Antigo',
      'Vz Recente',
      'Vz Parado',
    ]);

    const rows = (await get('/api/stock/v1?q=Vz&sort=name')).data;
    const byName = Object.fromEntries(
      rows.map((row: { product: { name: string } }) => [row.product.name, row]),
    );
    const timestamp = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
    expect(byName['Vz Antigo']).toMatchObject({
      lastMovementOn: '2026-03-05',
      lastMovementAt: expect.stringMatching(timestamp),
    });
    expect(byName['Vz Parado']).toMatchObject({ lastMovementOn: null, lastMovementAt: null });
    const past = (await get('/api/stock/v1?q=Vz&sort=name&date=2026-06-30')).data;
    expect(past.map((row: { lastMovementOn: string | null }) => row.lastMovementOn)).toEqual([
      '2026-03-05',
      null,
      null,
    ]);
    expect(past[0].lastMovementAt).toMatch(timestamp);

    const bySupplier = (order: string) =>
      get(`/api/stock/in/v1?q=Vz&sort=supplier&order=${order}`).then((page) =>
        page.data
          .filter((row: { product: { name: string } }) => row.product.name.startsWith('Vz'))
          .map((row: { supplier: { name: string } | null }) => row.supplier?.name ?? null),
      );
    expect(await bySupplier('asc')).toEqual([null, 'Vz Fornecedor']);
    expect(await bySupplier('desc')).toEqual(['Vz Fornecedor', null]);
  });

  it('exports the date of the last movement as a date', async () => {
    const csv = await ctx.app.inject({ url: '/api/stock/v1?q=Vz&sort=name&format=csv', headers: { cookie } });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('05/03/2026');
  });
});
