import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZStockQuery } from '@armazem/contracts/stock';
import { buildTestApp, signUpAndLogin, type TestContext } from '../helper.ts';
import { monthBack } from '../months.ts';
import { createCategory, createProduct, defaultUnityId, stockIn, stockOut } from '../factories.ts';
import { listStock } from '../../src/domain/stock/balances-repository.ts';
import { paged } from '../../src/lib/paging.ts';

// The stock list at a past date (decision 0093): its page picked before its figures, its totals kept per date in
// stock_date_totals and dropped by the database on any write that could change them; always the answer of the full
// computation (every product's figures at the date, then the page), on the database under test.
let ctx: TestContext;
let cookie: string;
const get = (url: string) => ctx.app.inject({ url, headers: { cookie } });
const send = (method: 'POST' | 'PATCH', url: string, payload: object) =>
  ctx.app.inject({ method, url, payload, headers: { cookie } });

const month = monthBack(2);
const [d1, d2, d3] = [month.day(5), month.day(10), month.day(20)];

beforeAll(async () => {
  ctx = await buildTestApp();
  cookie = await signUpAndLogin(ctx.app, 'admin@numa-data.com.br');
});
afterAll(async () => ctx.close());

async function list(params: Record<string, string | number>) {
  const search = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
  const response = await get(`/api/stock/v1?${search.toString()}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** The full computation the list at a date made before: every product's figures, then the page. */
async function reference(params: Record<string, string | number>) {
  const query = ZStockQuery.parse(Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])));
  const { data, total, totals } = await listStock(
    ctx.handle.db,
    ctx.handle.dialect,
    query,
    query.date ?? null,
    {
      pageFirst: false,
    },
  );
  return JSON.parse(JSON.stringify({ ...paged(data, total, query.page, query.pageSize), totals }));
}

async function keptDates() {
  const rows = await ctx.handle.db
    .selectFrom('stock_date_totals')
    .select('as_of')
    .where('category_id', '=', 0)
    .orderBy('as_of')
    .execute();
  return rows.map((row) => row.as_of);
}

const figures = (page: {
  data: Array<{ product: { name: string }; quantity: string; totalValue: string }>;
}) => page.data.map((row) => `${row.product.name} ${Number(row.quantity)} ${Number(row.totalValue)}`);
const totalsOf = (page: { totals: { products: number; totalValue: string; belowMinimum: number } }) => [
  page.totals.products,
  Number(page.totals.totalValue),
  page.totals.belowMinimum,
];

async function product(name: string, categoryId: number, minStock: number) {
  const made = await createProduct(ctx.app, cookie, { name, categoryId, minStock });
  return {
    productId: made.id as number,
    productUnityId: await defaultUnityId(ctx.app, cookie, made.id),
  };
}

describe('the stock list at a past date', () => {
  it('answers the page and totals by hand, keeps them, and drops them on a back-dated write, a cancellation or a product change', async () => {
    const category = await createCategory(ctx.app, cookie, 'Numa data Mercearia');
    const arroz = await product('Arroz', category.id, 5);
    const feijao = await product('Feijão', category.id, 0);
    const cafe = await product('Café', category.id, 10); // never moves: listed with nothing, below its minimum
    await stockIn(ctx.app, cookie, { ...arroz, quantity: 10, unitCost: '2', occurredOn: d1 });
    await stockOut(ctx.app, cookie, { ...arroz, quantity: 4, reason: 'venda', occurredOn: d3 });
    await stockIn(ctx.app, cookie, { ...feijao, quantity: 3, unitCost: '5', occurredOn: d1 });
    await stockOut(ctx.app, cookie, { ...feijao, quantity: 1, reason: 'venda', occurredOn: d2 });
    const at = { date: d2, categoryId: category.id };

    const first = await list(at);
    expect(figures(first)).toEqual(['Arroz 10 20', 'Café 0 0', 'Feijão 2 10']);
    expect(totalsOf(first)).toEqual([3, 30, 1]);
    expect(first.total).toBe(3);
    expect(await keptDates()).toEqual([d2]);
    expect(totalsOf(await list({ ...at, date: d1 }))).toEqual([3, 35, 1]);
    expect(await keptDates()).toEqual([d1, d2]);

    // a write after d2 leaves d2 kept
    await stockIn(ctx.app, cookie, { ...feijao, quantity: 1, unitCost: '5', occurredOn: d3 });
    expect(await keptDates()).toEqual([d1, d2]);

    // a back-dated entry between d1 and d2 drops d2, never d1; the list counts it
    const late = await stockIn(ctx.app, cookie, {
      ...arroz,
      quantity: 5,
      unitCost: '4',
      occurredOn: month.day(7),
    });
    expect(await keptDates()).toEqual([d1]);
    const after = await list(at);
    expect(figures(after)).toEqual(['Arroz 15 40', 'Café 0 0', 'Feijão 2 10']);
    expect(totalsOf(after)).toEqual([3, 50, 1]);

    // cancelling it drops d2 again, and the figures go back
    const cancel = await send('POST', `/api/stock/in/v1/${late.id}/cancel`, { reason: 'Lançada por engano' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await keptDates()).toEqual([d1]);
    expect(totalsOf(await list(at))).toEqual([3, 30, 1]);

    // a new minimum drops every kept date: Feijão (2) is now below 5
    const changed = await send('PATCH', `/api/products/v1/${feijao.productId}`, { minStock: 5 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await keptDates()).toEqual([]);
    expect(totalsOf(await list(at))).toEqual([3, 30, 2]);
    expect(totalsOf(await list({ ...at, belowMinimum: 'true' }))).toEqual([2, 10, 2]);
    expect(totalsOf(await list({ ...at, belowMinimum: 'false' }))).toEqual([1, 20, 0]);

    // a new product is listed at every date (with nothing): every kept date goes
    await list(at);
    await product('Açúcar', category.id, 0);
    expect(await keptDates()).toEqual([]);
    expect(totalsOf(await list(at))).toEqual([4, 30, 2]);
    expect(
      (await list({ ...at, page: 2, pageSize: 2 })).data.map(
        (r: { product: { name: string } }) => r.product.name,
      ),
    ).toEqual(['Café', 'Feijão']);

    // an inactive product is never below its minimum: deactivating Café drops every kept date
    const inactive = await send('PATCH', `/api/products/v1/${cafe.productId}`, { status: 'inactive' });
    expect(inactive.statusCode, inactive.body).toBe(200);
    expect(await keptDates()).toEqual([]);
    expect(totalsOf(await list(at))).toEqual([4, 30, 1]);
  });

  it('gives the answer of the full computation for every sort, order, filter and page', async () => {
    const category = await createCategory(ctx.app, cookie, 'Numa data Limpeza');
    const names = ['Sabão', 'Detergente', 'Água sanitária', 'Esponja', 'Detergente', 'Vassoura'];
    const made = [];
    for (const [i, name] of names.entries()) made.push(await product(name, category.id, i % 3));
    for (const [i, item] of made.entries()) {
      if (i === 5) continue;
      await stockIn(ctx.app, cookie, { ...item, quantity: i + 1, unitCost: String(i + 1.5), occurredOn: d1 });
      if (i % 2 === 0)
        await stockOut(ctx.app, cookie, { ...item, quantity: 1, reason: 'venda', occurredOn: d2 });
      await stockIn(ctx.app, cookie, { ...item, quantity: 2, unitCost: '9', occurredOn: d3 });
    }
    const cases: Array<Record<string, string | number>> = [];
    for (const sort of ['name', 'sku', 'category', 'quantity', 'totalValue', 'lastMovementOn'])
      for (const order of ['asc', 'desc']) cases.push({ sort, order, categoryId: category.id });
    const first = await ctx.handle.db
      .selectFrom('establishments')
      .select('id')
      .orderBy('id')
      .limit(1)
      .executeTakeFirstOrThrow();
    cases.push(
      { q: 'deter' },
      { q: 'deter', sort: 'category', order: 'desc' },
      { belowMinimum: 'true' },
      { belowMinimum: 'false', categoryId: category.id },
      { establishmentId: first.id, categoryId: category.id, sort: 'sku' },
      {},
    );
    for (const params of cases)
      for (const date of [d1, d2, month.day(15)])
        for (const page of [1, 2]) {
          const at = { ...params, date, page, pageSize: 2 };
          expect(await list(at), JSON.stringify(at)).toEqual(await reference(at));
        }
  });
});
