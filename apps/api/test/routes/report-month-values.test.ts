import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signUpAndLogin, type TestContext } from '../helper.ts';
import { monthBack } from '../months.ts';
import { createCategory, createProduct, createSupplier, defaultUnityId, stockIn } from '../factories.ts';
import { centsSql } from '../../src/domain/inventory/inventory-repository.ts';
import { toCents } from '../../src/domain/inventory/inventory-rules.ts';
import { suggestedSql } from '../../src/domain/reports/reorder-query.ts';
import { suggestedQuantity } from '../../src/domain/reports/reorder.ts';
import { toBigInt } from '../../src/db/database.ts';

// The month ends the stock-value report keeps (decision 0079): kept once read, dropped by the database on any write
// that could change them, and always equal to the inventory at that date. And the rules the reports run as SQL
// (`centsSql`, `suggestedSql`) against their JavaScript originals, on the database under test.
let ctx: TestContext;
let cookie: string;
const get = (url: string) => ctx.app.inject({ url, headers: { cookie } });
const send = (method: 'POST' | 'PATCH', url: string, payload: object) =>
  ctx.app.inject({ method, url, payload, headers: { cookie } });

const [a, b, c] = [monthBack(2), monthBack(1), monthBack(0)];

beforeAll(async () => {
  ctx = await buildTestApp();
  cookie = await signUpAndLogin(ctx.app, 'admin@meses.com.br');
});
afterAll(async () => ctx.close());

async function kept() {
  const rows = await ctx.handle.db
    .selectFrom('report_month_values')
    .select(['month_end', 'category_id'])
    .orderBy('month_end')
    .orderBy('category_id')
    .execute();
  return rows.map((row) => `${row.month_end}:${row.category_id}`);
}

async function totals() {
  const response = await get(`/api/reports/v1/stock-value?from=${a.key}&to=${c.key}`);
  expect(response.statusCode, response.body).toBe(200);
  const report = response.json();
  for (const total of report.totals as Array<{ date: string; totalValue: string }>) {
    const inventory = (await get(`/api/stock/inventory/v1?date=${total.date}`)).json();
    expect(total.totalValue).toBe(inventory.totalValue);
  }
  return {
    totals: report.totals.map((t: { totalValue: string }) => Number(t.totalValue)),
    categories: report.data.map((row: { month: string; category: { name: string }; totalValue: string }) =>
      [row.month, row.category.name, Number(row.totalValue)].join(' '),
    ),
  };
}

describe('the month ends the stock value keeps', () => {
  it('keeps past month ends once read, and drops those a back-dated write, a cancellation or a category change reaches', async () => {
    const first = await createCategory(ctx.app, cookie, 'Mês Mercearia');
    const second = await createCategory(ctx.app, cookie, 'Mês Limpeza');
    const product = await createProduct(ctx.app, cookie, { name: 'Arroz', categoryId: first.id });
    const move = { productId: product.id, productUnityId: await defaultUnityId(ctx.app, cookie, product.id) };
    await stockIn(ctx.app, cookie, { ...move, quantity: 10, unitCost: '2', occurredOn: a.day(10) });

    expect((await totals()).totals).toEqual([20, 20, 20]);
    // the two past month ends, each with its category and its total (0); today's is never kept
    expect(await kept()).toEqual([
      `${a.last}:0`,
      `${a.last}:${first.id}`,
      `${b.last}:0`,
      `${b.last}:${first.id}`,
    ]);

    // an entry in month b drops b's month end (and after), never a's
    const late = await stockIn(ctx.app, cookie, {
      ...move,
      quantity: 5,
      unitCost: '1',
      occurredOn: b.day(3),
    });
    expect(await kept()).toEqual([`${a.last}:0`, `${a.last}:${first.id}`]);
    expect((await totals()).totals).toEqual([20, 25, 25]);

    // cancelling it drops b again, and the figures go back
    const cancel = await send('POST', `/api/stock/in/v1/${late.id}/cancel`, { reason: 'Lançada por engano' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await kept()).toEqual([`${a.last}:0`, `${a.last}:${first.id}`]);
    expect((await totals()).totals).toEqual([20, 20, 20]);

    // a product that changes category drops every kept month: the past is shown by today's categories
    const moved = await send('PATCH', `/api/products/v1/${product.id}`, { categoryId: second.id });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await kept()).toEqual([]);
    expect((await totals()).categories).toEqual([
      `${a.key} Mês Limpeza 20`,
      `${b.key} Mês Limpeza 20`,
      `${c.key} Mês Limpeza 20`,
    ]);
  });
});

describe('pages chosen by the database', () => {
  it('answers page 2 of coverage, dead stock and reorder with the second row of the whole list, and counts them all', async () => {
    const category = await createCategory(ctx.app, cookie, 'Mês Páginas');
    const supplier = await createSupplier(ctx.app, cookie, {
      name: 'Fornecedor das Páginas',
      leadTimeDays: 5,
    });
    for (const [name, quantity] of [
      ['Página um', 3],
      ['Página dois', 7],
      ['Página três', 5],
    ] as const) {
      const product = await createProduct(ctx.app, cookie, { name, categoryId: category.id, minStock: 10 });
      const unit = await defaultUnityId(ctx.app, cookie, product.id);
      await stockIn(ctx.app, cookie, {
        productId: product.id,
        productUnityId: unit,
        quantity,
        unitCost: '1',
      });
      const linked = await send('POST', `/api/suppliers/v1/${supplier.id}/products/v1/${product.id}`, {});
      expect(linked.statusCode, linked.body).toBe(204);
    }
    for (const report of [
      'coverage?days=30',
      'dead-stock?days=30',
      `reorder?days=30&supplierId=${supplier.id}`,
    ]) {
      const all = (await get(`/api/reports/v1/${report}&page=1&pageSize=100`)).json();
      expect(all.total).toBeGreaterThanOrEqual(3);
      const second = (await get(`/api/reports/v1/${report}&page=2&pageSize=1`)).json();
      expect([second.total, second.data], report).toEqual([all.total, [all.data[1]]]);
      const past = (await get(`/api/reports/v1/${report}&page=${all.total + 1}&pageSize=1`)).json();
      expect([past.total, past.data]).toEqual([all.total, []]);
    }
  });
});

describe('the rules the reports run in the database', () => {
  it('rounds a stored value to centavos exactly as toCents does, both signs and at the half', async () => {
    const values = [0n, 49n, 50n, 51n, 149n, 150n, 9_999n, -49n, -50n, -51n, -150n, 123_456_789_012_350n];
    const columns = values.map((value, i) => sql`${centsSql(sql.lit(value))} as ${sql.raw(`c${i}`)}`);
    const { rows } = await sql<Record<string, unknown>>`select ${sql.join(columns)}`.execute(ctx.handle.db);
    const fromDb = values.map((_, i) => toBigInt(rows[0]![`c${i}`] as string));
    expect(fromDb).toEqual(values.map(toCents));
  });

  it('suggests the quantity to buy exactly as suggestedQuantity does', async () => {
    const grid = [];
    for (const minStock of [0n, 1_000n, 2_500n])
      for (const exits of [0n, 1n, 999n, 10_000n, 12_345n])
        for (const leadTimeDays of [0, 1, 7, 30])
          for (const balance of [0n, 1_500n, 100_000n])
            for (const fractional of [0, 1])
              grid.push({ minStock, exits, leadTimeDays, balance, fractional });
    for (const days of [1, 7, 30]) {
      const figures = sql.join(
        grid.map(
          (row) =>
            sql`select ${sql.lit(row.minStock)} as min_stock, ${sql.lit(row.exits)} as exits,
              ${sql.lit(row.leadTimeDays)} as lead_time_days, ${sql.lit(row.balance)} as balance,
              ${sql.lit(row.fractional)} as fractional`,
        ),
        sql` union all `,
      );
      const { rows } = await sql<{ suggested: string }>`select ${suggestedSql(days)} as suggested
        from (${figures}) as f`.execute(ctx.handle.db);
      const expected = grid.map((row) => suggestedQuantity({ ...row, days }, row.fractional === 1));
      expect(rows.map((row) => toBigInt(row.suggested))).toEqual(expected);
    }
  });
});
