import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithAdmin, type TestContext } from '../helper.ts';
import { createBox, createProduct, defaultUnityId, unityId } from '../factories.ts';
import { assertLedgerInvariant } from '../invariants.ts';
import { HEADER, makeCsv, makeXlsx, multipart, type Cell } from '../sheets.ts';

/**
 * Issue 8, items 1 and 9: the largest accepted numbers are stored and summed exactly on both databases, one
 * step above them is a Portuguese 400, a balance cannot grow beyond its maximum, and sheet text is read by
 * the one Brazilian rule ("1.500" is one thousand five hundred).
 */
let ctx: TestContext;
let cookie: string;
beforeAll(async () => {
  ({ ctx, cookie } = await appWithAdmin('admin@limites.com.br', 'Lia Limite'));
});
afterAll(async () => {
  await ctx.close();
});

const MAX = {
  quantity: '1000000',
  package: '100000',
  unitCost: '1000000',
  price: '1000000',
  minStock: '1000000000000',
};

const send = (method: 'POST' | 'PATCH', url: string, payload: Record<string, unknown>) =>
  ctx.app.inject({ method, url, headers: { cookie }, payload });
const stockRow = async (sku: string) => {
  const response = await ctx.app.inject({ url: `/api/stock/v1?q=${sku}`, headers: { cookie } });
  expect(response.statusCode).toBe(200);
  return response.json().data.find((row: { product: { sku: string } }) => row.product.sku === sku);
};

/** A product with the largest minimum stock and the largest package (100.000 UN per box). */
async function productWithLargestBox(sku: string) {
  const product = await createProduct(ctx.app, cookie, {
    sku,
    name: `Produto ${sku}`,
    minStock: MAX.minStock,
  });
  const box = await createBox(ctx.app, cookie, product.id, MAX.package);
  return { product, box };
}

async function upload(url: string, bytes: Uint8Array, name: string, fields: Record<string, string>) {
  const body = await multipart(fields, { name, bytes });
  return ctx.app.inject({ method: 'POST', url, headers: { cookie, ...body.headers }, payload: body.payload });
}
const SEPTEMBER = { year: '2026', month: '9' };
const preview = (bytes: Uint8Array, name: string) =>
  upload('/api/stock/movement/v1/sheet', bytes, name, SEPTEMBER);
const importSheet = (bytes: Uint8Array, name: string) =>
  upload('/api/stock/movement/v1', bytes, name, {
    ...SEPTEMBER,
    data: JSON.stringify({ description: name }),
  });

describe('the maxima through the API', () => {
  it('stores an entry of the largest quantity of the largest package at the largest cost, exactly', async () => {
    const { product, box } = await productWithLargestBox('MAX-API');
    expect(product.minStock).toBe('1000000000000.000');
    expect(box).toMatchObject({ quantity: '100000.000', label: 'Caixa c/ 100.000 UN' });

    const entry = await send('POST', '/api/stock/in/v1', {
      productId: product.id,
      productUnityId: box.id,
      quantity: MAX.quantity,
      unitCost: MAX.unitCost,
    });
    expect(entry.statusCode).toBe(201);
    expect(entry.json()).toMatchObject({
      quantity: '1000000.000',
      baseQuantity: '100000000000.000',
      unitCost: '1000000.0000',
      totalCost: '1000000000000.0000', // R$ 1 trilhão = the largest balance value
    });
    expect(await stockRow('MAX-API')).toMatchObject({
      quantity: '100000000000.000',
      averageCost: '10.0000',
      totalValue: '1000000000000.0000',
      minStock: '1000000000000.000',
      belowMinimum: true,
    });

    const price = await send('POST', `/api/products/v1/${product.id}/price/v1`, {
      costPrice: MAX.price,
      salePrice: MAX.price,
      productUnityId: box.id,
    });
    expect(price.statusCode).toBe(201);
    expect(price.json()).toMatchObject({ costPrice: '1000000.0000', salePrice: '1000000.0000' });
    await assertLedgerInvariant(ctx.handle.db);
  });

  it('refuses an entry that would take the balance value beyond R$ 1 trilhão, and changes nothing', async () => {
    const { product, box } = await productWithLargestBox('MAX-VALOR');
    const full = await send('POST', '/api/stock/in/v1', {
      productId: product.id,
      productUnityId: box.id,
      quantity: MAX.quantity,
      unitCost: MAX.unitCost,
    });
    expect(full.statusCode).toBe(201);
    const over = await send('POST', '/api/stock/in/v1', {
      productId: product.id,
      productUnityId: await defaultUnityId(ctx.app, cookie, product.id),
      quantity: '1',
      unitCost: '0.0001',
    });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({
      code: 'CONFLICT',
      message:
        'O valor em estoque do produto ficaria acima do máximo permitido de R$ 1.000.000.000.000,00. Confira a quantidade e o custo unitário digitados.',
    });
    expect(await stockRow('MAX-VALOR')).toMatchObject({
      quantity: '100000000000.000',
      totalValue: '1000000000000.0000',
    });

    // taking everything out leaves exactly zero, value included
    const out = await send('POST', '/api/stock/out/v1', {
      productId: product.id,
      productUnityId: box.id,
      quantity: MAX.quantity,
      reason: 'venda',
    });
    expect(out.statusCode).toBe(201);
    expect(out.json()).toMatchObject({ totalCost: '1000000000000.0000', unitCost: '1000000.0000' });
    expect(await stockRow('MAX-VALOR')).toMatchObject({ quantity: '0.000', totalValue: '0.0000' });
    await assertLedgerInvariant(ctx.handle.db);
  });

  it('rewrites later figures beyond 2^53 exactly when an entry lands before them', async () => {
    // Values are stored in ten-thousandths of a real: R$ 999.999.000.000 is 9,999,990,000,000,000, past 2^53.
    const { product, box } = await productWithLargestBox('MAX-RETRO');
    const move = (direction: 'in' | 'out', quantity: string, occurredOn: string, unitCost?: string) =>
      send('POST', `/api/stock/${direction}/v1`, {
        productId: product.id,
        productUnityId: box.id,
        quantity,
        occurredOn,
        ...(direction === 'in' ? { unitCost } : { reason: 'venda' }),
      });
    expect((await move('in', '999999', '2026-10-10', MAX.unitCost)).statusCode).toBe(201);
    const exit = await move('out', '333333', '2026-10-20');
    expect(exit.json()).toMatchObject({ totalCost: '333333000000.0000' });
    // one box at R$ 7,3333 before both: the exit's cost and every running figure after it are rewritten
    expect((await move('in', '1', '2026-10-05', '7.3333')).statusCode).toBe(201);
    const kardex = await ctx.app.inject({
      url: `/api/products/v1/${product.id}/kardex?from=2026-10-01&to=2026-10-31`,
      headers: { cookie },
    });
    expect(
      kardex.json().data.map((row: Record<string, string>) => [row.totalCost, row.balanceValue]),
    ).toEqual([
      ['7.3333', '7.3333'],
      ['999999000000.0000', '999999000007.3333'],
      ['333332666669.4444', '666666333337.8889'],
    ]);
    expect(await stockRow('MAX-RETRO')).toMatchObject({
      quantity: '66666700000.000',
      totalValue: '666666333337.8889',
    });
    await assertLedgerInvariant(ctx.handle.db);
  });

  it('fills a balance up to 1.000.000.000.000 units and refuses one unit more', async () => {
    const { product, box } = await productWithLargestBox('MAX-QTD');
    for (let n = 0; n < 10; n += 1) {
      const entry = await send('POST', '/api/stock/in/v1', {
        productId: product.id,
        productUnityId: box.id,
        quantity: MAX.quantity,
        unitCost: '0',
      });
      expect(entry.statusCode).toBe(201);
    }
    expect(await stockRow('MAX-QTD')).toMatchObject({ quantity: '1000000000000.000', totalValue: '0.0000' });
    const over = await send('POST', '/api/stock/in/v1', {
      productId: product.id,
      productUnityId: await defaultUnityId(ctx.app, cookie, product.id),
      quantity: '1',
      unitCost: '0',
    });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(
      'O saldo do produto ficaria acima do máximo permitido de 1.000.000.000.000 na unidade base. Confira a quantidade digitada.',
    );
    await assertLedgerInvariant(ctx.handle.db);
  });

  it('answers one step above each maximum with a Portuguese 400 in Brazilian numbers', async () => {
    const { product, box } = await productWithLargestBox('MAX-400');
    const cases: Array<[string, string, Record<string, unknown>, string]> = [
      [
        'POST',
        '/api/stock/in/v1',
        { productId: product.id, productUnityId: box.id, quantity: '1000000.001', unitCost: '1' },
        'O valor deve ser no máximo 1.000.000.',
      ],
      [
        'POST',
        '/api/stock/in/v1',
        { productId: product.id, productUnityId: box.id, quantity: '1', unitCost: '1000000.0001' },
        'O valor deve ser no máximo R$ 1.000.000,00.',
      ],
      [
        'POST',
        '/api/stock/in/v1',
        { productId: product.id, productUnityId: box.id, quantity: '999999', unitCost: '999999999.9999' },
        'O valor deve ser no máximo R$ 1.000.000,00.',
      ],
      [
        'POST',
        `/api/products/v1/${product.id}/unity/v1`,
        { unityId: 1, unityBatchId: 1, quantity: '100000.001' },
        'O valor deve ser no máximo 100.000.',
      ],
      [
        'POST',
        `/api/products/v1/${product.id}/price/v1`,
        { costPrice: '1', salePrice: '1000000.01' },
        'O valor deve ser no máximo R$ 1.000.000,00.',
      ],
      [
        'PATCH',
        `/api/products/v1/${product.id}`,
        { minStock: '1000000000000.001' },
        'O valor deve ser no máximo 1.000.000.000.000.',
      ],
      [
        'POST',
        '/api/stock/in/v1',
        { productId: product.id, productUnityId: box.id, quantity: '1,234.56', unitCost: '1' },
        'Número inválido: use vírgula para os decimais e ponto para os milhares (ex.: 1.234,50).',
      ],
    ];
    for (const [method, url, payload, message] of cases) {
      const response = await send(method as 'POST' | 'PATCH', url, payload);
      expect(response.statusCode, url).toBe(400);
      const body = response.json();
      expect(body.code).toBe('VALIDATION_ERROR');
      expect(body.issues.map((issue: { message: string }) => issue.message)).toContain(message);
      expect(body.message).not.toMatch(/ponto decimal|\d\.\d{4}\b/);
    }
  });
});

describe('the maxima and the Brazilian rule through a monthly sheet', () => {
  const d = (day: number) => new Date(Date.UTC(2026, 8, day));

  it('reads "1.500" as one thousand five hundred and "1.234,56" as what it looks like, in every sheet kind', async () => {
    await createProduct(ctx.app, cookie, {
      sku: 'LEITURA',
      baseUnityId: await unityId(ctx.app, cookie, 'KG'),
    });
    const rows: Cell[][] = [
      HEADER,
      ['02/09/2026', 'LEITURA', 'Entrada', '1.500', null, '1.234,56', null, null, null],
      ['03/09/2026', 'LEITURA', 'Entrada', '12.5', null, '0.500', null, null, null],
      ['04/09/2026', 'LEITURA', 'Saída', '1.000', null, null, null, null, null],
    ];
    const expected = [
      { quantity: '1500.000', unitCost: '1234.5600', errors: [] },
      { quantity: '12.500', unitCost: '0.5000', errors: [] },
      { quantity: '1000.000', errors: [] },
    ];
    for (const [bytes, name] of [
      [makeCsv(rows), 'leitura.csv'],
      [makeCsv(rows, { delimiter: ',', encoding: 'utf8' }), 'leitura-virgula.csv'],
      [await makeXlsx(rows), 'leitura.xlsx'],
    ] as const) {
      const response = await preview(bytes, name);
      expect(response.statusCode, name).toBe(200);
      expect(response.json().rows, name).toMatchObject(expected);
    }
  });

  it('refuses numbers that could be misread, saying how to write them', async () => {
    await createProduct(ctx.app, cookie, { sku: 'AMBIGUO' });
    const response = await preview(
      makeCsv([
        HEADER,
        ['02/09/2026', 'AMBIGUO', 'Entrada', '1234.567', null, '1,234.56', null, null, null],
        ['02/09/2026', 'AMBIGUO', 'Entrada', '1.000.001', null, '1.000.000,01', null, null, null],
        ['02/09/2026', 'AMBIGUO', 'Entrada', '-3', null, '-1', null, null, null],
      ]),
      'ambiguo.csv',
    );
    // (a cell over 2.000 characters refuses the whole file: hostile-sheets.test.ts)
    const [first, second, third] = response.json().rows;
    const invalid = 'Número inválido: use vírgula para os decimais e ponto para os milhares (ex.: 1.234,50).';
    expect(first.errors).toEqual([
      { column: 'Quantidade', message: invalid },
      { column: 'Custo Unitário', message: invalid },
    ]);
    expect(second.errors).toEqual([
      { column: 'Quantidade', message: 'A quantidade deve ser no máximo 1.000.000.' },
      { column: 'Custo Unitário', message: 'O custo unitário deve ser no máximo R$ 1.000.000,00.' },
    ]);
    expect(third.errors).toEqual([
      { column: 'Quantidade', message: 'A quantidade deve ser maior que zero.' },
      { column: 'Custo Unitário', message: 'O custo unitário não pode ser negativo.' },
    ]);
  });

  it('imports the maxima written as text and as real numbers, exactly, and reports the month', async () => {
    await productWithLargestBox('MAX-CSV');
    await productWithLargestBox('MAX-XLSX');
    const csv = makeCsv([
      HEADER,
      [d(2), 'MAX-CSV', 'Entrada', '1.000.000', 'Caixa c/ 100.000 UN', '1.000.000,00', null, 'NF 1', null],
      [d(3), 'MAX-CSV', 'Saída', '250.000', 'Caixa c/ 100.000 UN', null, null, null, null],
    ]);
    const csvImport = await importSheet(csv, 'maximos.csv');
    expect(csvImport.statusCode, csvImport.body).toBe(201);
    // 1.000.000 boxes at R$ 1.000.000,00 in, 250.000 boxes out at the average R$ 10,00 per unit
    expect(await stockRow('MAX-CSV')).toMatchObject({
      quantity: '75000000000.000',
      averageCost: '10.0000',
      totalValue: '750000000000.0000',
    });

    const xlsx = await makeXlsx([
      HEADER,
      [d(4), 'MAX-XLSX', 'Entrada', 1000000, 'Caixa c/ 100.000 UN', 1000000, null, null, null],
    ]);
    const xlsxImport = await importSheet(xlsx, 'maximos.xlsx');
    expect(xlsxImport.statusCode, xlsxImport.body).toBe(201);
    expect(await stockRow('MAX-XLSX')).toMatchObject({
      quantity: '100000000000.000',
      totalValue: '1000000000000.0000',
    });

    // sums over products at their maxima: stock list totals, dashboard, monthly report
    const list = await ctx.app.inject({ url: '/api/stock/v1?q=MAX-', headers: { cookie } });
    expect(list.statusCode).toBe(200);
    const summary = await ctx.app.inject({ url: '/api/stock/v1/summary', headers: { cookie } });
    expect(summary.statusCode, summary.body).toBe(200);
    const report = await ctx.app.inject({
      url: '/api/stock/movement/v1/report?year=2026&month=9',
      headers: { cookie },
    });
    expect(report.statusCode, report.body).toBe(200);
    await assertLedgerInvariant(ctx.handle.db);
  });

  it('refuses, on its row, an entry that would take a balance beyond its maximum', async () => {
    await productWithLargestBox('MAX-LINHA');
    const rows: Cell[][] = [
      HEADER,
      [d(5), 'MAX-LINHA', 'Entrada', '1.000.000', 'Caixa c/ 100.000 UN', '1.000.000,00', null, null, null],
      [d(6), 'MAX-LINHA', 'Entrada', '1', null, '0,01', null, null, null],
    ];
    const checked = await preview(makeCsv(rows), 'demais.csv');
    expect(checked.statusCode).toBe(200);
    expect(checked.json().summary).toMatchObject({ valid: 1, invalid: 1 });
    expect(checked.json().rows[1].errors).toEqual([
      {
        column: 'Custo Unitário',
        message:
          'O valor em estoque do produto ficaria acima do máximo permitido de R$ 1.000.000.000.000,00. Confira a quantidade e o custo unitário digitados.',
      },
    ]);
    const refused = await importSheet(makeCsv(rows), 'demais.csv');
    expect(refused.statusCode).toBe(422);
    expect(await stockRow('MAX-LINHA')).toMatchObject({ quantity: '0.000', totalValue: '0.0000' });
    await assertLedgerInvariant(ctx.handle.db);
  });
});
