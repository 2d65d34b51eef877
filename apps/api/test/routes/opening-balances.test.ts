import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { appWithAdmin, type TestContext } from '../helper.ts';
import { makeCsv, multipart, type Cell } from '../sheets.ts';

// Moving in (docs: the guide's "Mudança para o Armazém" and the catalog template's instructions): the catalog sheet
// registers the products, then one monthly sheet with one dated Entrada per product at its cost opens the stock.

const PRODUCTS = 20_000;
let ctx: TestContext;
let cookie: string;
beforeAll(async () => {
  ({ ctx, cookie } = await appWithAdmin('admin@abertura.com.br', 'Olga Abertura'));
});
afterAll(async () => {
  await ctx.close();
});

const post = async (url: string, fields: Record<string, string>, name: string, bytes: Uint8Array) => {
  const body = await multipart(fields, { name, bytes });
  return ctx.app.inject({ method: 'POST', url, headers: { cookie, ...body.headers }, payload: body.payload });
};
const sku = (i: number) => `ABR-${String(i).padStart(5, '0')}`;

describe('opening balances for 20,000 products in one monthly sheet', () => {
  it('imports the catalog, then one Entrada per product at its cost: every balance opens at that cost', async () => {
    const catalog: Cell[][] = [['Código', 'Nome', 'Categoria', 'Unidade']];
    for (let i = 1; i <= PRODUCTS; i += 1)
      catalog.push([sku(i), `Produto de abertura ${i}`, 'Abertura', 'UN']);
    const products = await post('/api/products/v1/import', {}, 'produtos.csv', makeCsv(catalog));
    expect(products.statusCode, products.body.slice(0, 300)).toBe(201);
    expect(products.json()).toEqual({ created: PRODUCTS, updated: 0, unchanged: 0 });

    const today = ctx.app.clock.today();
    const [year, month] = today.split('-');
    const opening = `01/${month}/${year}`;
    const sheet: Cell[][] = [['Data', 'Código', 'Tipo', 'Quantidade', 'Custo Unitário', 'Documento']];
    for (let i = 1; i <= PRODUCTS; i += 1)
      sheet.push([opening, sku(i), 'Entrada', String((i % 50) + 1), `${(i % 90) + 1},25`, 'Saldo inicial']);
    const imported = await post(
      '/api/stock/movement/v1',
      { year: String(Number(year)), month: String(Number(month)), data: '{"description":"Saldo inicial"}' },
      'saldo-inicial.csv',
      makeCsv(sheet),
    );
    expect(imported.statusCode, imported.body.slice(0, 300)).toBe(201);
    expect(imported.json()).toMatchObject({ rows: PRODUCTS, entries: PRODUCTS, exits: 0 });

    const { rows } = await sql<{ n: string | number; value: string | number }>`
      select count(*) as n, sum(b.total_value) as value from stock_balances b
      join products p on p.id = b.product_id where p.sku like 'ABR-%' and b.quantity > 0`.execute(
      ctx.handle.db,
    );
    expect(Number(rows[0]?.n)).toBe(PRODUCTS);
    let expected = 0n;
    for (let i = 1; i <= PRODUCTS; i += 1)
      expected += BigInt((i % 50) + 1) * BigInt(((i % 90) + 1) * 10_000 + 2_500);
    expect(BigInt(rows[0]?.value ?? 0)).toBe(expected);
    const one = (await ctx.app.inject({ url: `/api/stock/v1?q=${sku(7)}`, headers: { cookie } })).json()
      .data[0];
    expect(one).toMatchObject({ quantity: '8.000', averageCost: '8.2500' });
  }, 600_000); // 40,000 rows through two sheets: well under a minute idle, minutes on a loaded shared machine
});
