import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signUpAndLogin, type TestContext } from '../helper.ts';
import {
  cnpjFor,
  createBox,
  createProduct,
  defaultUnityId,
  stockIn,
  stockOut,
  unique,
  unityId,
} from '../factories.ts';
import { overlappingTexts, pdfPages } from '../pdf-text.ts';

// The inventory at a date, the Registro de Inventário and the Bloco H file, on a fresh database of its own.
let ctx: TestContext;
let cookie: string;
const document = cnpjFor(unique());
beforeAll(async () => {
  ctx = await buildTestApp();
  cookie = await signUpAndLogin(ctx.app, 'admin@inventario.com.br');
  const settings = await ctx.app.inject({
    method: 'PUT',
    url: '/api/settings/v1',
    headers: { cookie },
    payload: {
      businessName: 'Mercadinho Exemplo Ltda',
      businessDocument: document,
      businessStateRegistration: '123456789',
    },
  });
  expect(settings.statusCode, settings.body).toBe(200);
});
afterAll(async () => ctx.close());

const get = (url: string) => ctx.app.inject({ url, headers: { cookie } });
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());

async function product(fields: Record<string, unknown>, quantity: string, unitCost: string, unit = 'UN') {
  const created = await createProduct(ctx.app, cookie, {
    baseUnityId: await unityId(ctx.app, cookie, unit),
    ...fields,
  });
  const productUnityId = await defaultUnityId(ctx.app, cookie, created.id);
  await stockIn(ctx.app, cookie, { productId: created.id, productUnityId, quantity, unitCost });
  return { ...created, productUnityId } as { id: number; sku: string; productUnityId: number };
}

describe('inventory at a date', () => {
  it('lists products with quantity by NCM, values them, warns about products without NCM, and writes the book and Bloco H', async () => {
    await product({ name: 'Café torrado 500 g', ncm: '09012100', sku: 'CAFE-500' }, '12', '4.4367');
    await product({ name: 'Farinha especial', ncm: '11010010', sku: 'AB12X' }, '2.125', '10', 'KG');
    await product({ name: 'Açúcar cristal', sku: 'ZZ-9' }, '3', '3.3333');
    const vendido = await product({ name: 'Vendido', ncm: '22021000' }, '1', '1');
    await stockOut(ctx.app, cookie, {
      productId: vendido.id,
      productUnityId: vendido.productUnityId,
      quantity: 1,
      reason: 'venda',
    });

    const response = await get(`/api/stock/inventory/v1?date=${today()}`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.data.map((row: { product: { sku: string } }) => row.product.sku)).toEqual([
      'CAFE-500',
      'AB12X',
      'ZZ-9',
    ]);
    expect(body.data[0]).toMatchObject({
      ncm: '09012100',
      quantity: '12.000',
      unitCost: '4.4367',
      totalValue: '53.2400',
      unity: { code: 'UN' },
    });
    expect(body.data[2]).toMatchObject({ position: 'own', ncm: null, totalValue: '10.0000' });
    expect(body.totalsByNcm).toEqual([
      { position: 'own', ncm: '09012100', totalValue: '53.2400' },
      { position: 'own', ncm: '11010010', totalValue: '21.2500' },
      { position: 'own', ncm: null, totalValue: '10.0000' },
    ]);
    expect(body.totalValue).toBe('84.4900');
    expect(body.warnings[0]).toContain('ZZ-9');
    // the day before anything was bought: empty
    const before = (await get('/api/stock/inventory/v1?date=2020-01-01')).json();
    expect(before).toMatchObject({ data: [], totalValue: '0.0000' });

    const sped = await get(`/api/stock/inventory/v1/sped?date=${today()}&reason=01`);
    expect(sped.statusCode).toBe(200);
    expect(sped.headers['content-type']).toBe('text/plain; charset=iso-8859-1');
    const stamp = today().replaceAll('-', '');
    expect(sped.headers['content-disposition']).toContain(`inventario-bloco-h-${stamp}.txt`);
    const text = Buffer.from(sped.rawPayload).toString('latin1');
    const date = `${stamp.slice(6, 8)}${stamp.slice(4, 6)}${stamp.slice(0, 4)}`;
    expect(
      text
        .split('\r\n')
        .filter(Boolean)
        .filter((l) => l.startsWith('|H')),
    ).toEqual([
      '|H001|0|',
      `|H005|${date}|84,49|01|`,
      '|H010|CAFE-500|UN|12,000|4,436700|53,24|0||||53,24|',
      '|H010|AB12X|KG|2,125|10,000000|21,25|0||||21,25|',
      '|H010|ZZ-9|UN|3,000|3,333300|10,00|0||||10,00|',
      '|H990|6|',
    ]);
    expect(text).toContain('|0200|ZZ-9|Açúcar cristal|||UN|00|||||||');
    expect(Buffer.from(sped.rawPayload).includes(Buffer.from([0xe7]))).toBe(true); // ç in ISO-8859-1
    expect((await get(`/api/stock/inventory/v1/sped?reason=09`)).statusCode).toBe(400);

    const pdf = await get(`/api/stock/inventory/v1/book?date=${today()}&format=pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const pages = await pdfPages(pdf.rawPayload);
    // the termo de abertura, one folha of items, the termo de encerramento (docs/decisions/0072)
    expect(pages).toHaveLength(3);
    expect(pages[0]).toContain('TERMO DE ABERTURA');
    // column titles (and every line) each in its own room
    expect(await overlappingTexts(pdf.rawPayload, 2)).toEqual([]);
    expect(pages[1]).toContain('REGISTRO DE INVENTÁRIO');
    expect(pages[1]).toContain('Mercadinho Exemplo Ltda');
    expect(pages[1]).toContain('Inscrição estadual 123456789');
    expect(pages[1]).toContain('Folha 2 de 3');
    expect(pages[1]).toContain('Sem NCM');
    expect(pages[1]).toContain('84,49');

    const xlsx = await get(`/api/stock/inventory/v1/book?date=${today()}&format=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const values: unknown[] = [];
    sheet?.eachRow((row) => values.push(...(row.values as unknown[])));
    expect(values).toContain('Café torrado 500 g');
    expect(values).toContain(84.49);
  });

  it('values each item at the balance the kardex and the stock list show, to the cent', async () => {
    // 10 boxes of 3 at R$ 10,00: 30 UN worth R$ 100,00, an average of R$ 3,3333… (30 × 3,3333 would be 99,999)
    const granel = await createProduct(ctx.app, cookie, { name: 'Granel em caixas', ncm: '10063021' });
    const box = await createBox(ctx.app, cookie, granel.id, 3);
    await stockIn(ctx.app, cookie, {
      productId: granel.id,
      productUnityId: box.id,
      quantity: 10,
      unitCost: 10,
    });
    const inventory = (await get(`/api/stock/inventory/v1?date=${today()}`)).json();
    const item = inventory.data.find((row: { product: { id: number } }) => row.product.id === granel.id);
    expect(item).toMatchObject({ quantity: '30.000', unitCost: '3.3333', totalValue: '100.0000' });
    const stock = (await get(`/api/stock/v1?q=${granel.sku}&date=${today()}`)).json().data[0];
    const kardex = (await get(`/api/products/v1/${granel.id}/kardex?from=${today()}&to=${today()}`)).json();
    expect([stock.totalValue, kardex.closing.totalValue]).toEqual(['100.0000', '100.0000']);
    const sped = Buffer.from((await get(`/api/stock/inventory/v1/sped?date=${today()}`)).rawPayload);
    expect(sped.toString('latin1')).toContain(`|H010|${granel.sku}|UN|30,000|3,333333|100,00|0||||100,00|`);
  });

  it('refuses a future date', async () => {
    expect((await get('/api/stock/inventory/v1?date=2999-12-31')).statusCode).toBe(400);
  });
});
