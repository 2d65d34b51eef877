import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { CATALOG_COLUMN_TITLES } from '@armazem/contracts/catalog-import';
import { appWithAdmin, type TestContext } from '../helper.ts';
import { makeXlsx, multipart, type Cell } from '../sheets.ts';

let ctx: TestContext;
let cookie: string;
beforeAll(async () => {
  ({ ctx, cookie } = await appWithAdmin('admin@exporta.com.br', 'Eva Exporta'));
});
afterAll(async () => {
  await ctx.close();
});

const TITLES = [...CATALOG_COLUMN_TITLES] as Cell[];
const importSheet = async (bytes: Uint8Array) => {
  const body = await multipart({}, { name: 'produtos.xlsx', bytes });
  return ctx.app.inject({
    method: 'POST',
    url: '/api/products/v1/import',
    headers: { cookie, ...body.headers },
    payload: body.payload,
  });
};
const exported = (query: string) => ctx.app.inject({ url: `/api/products/v1?${query}`, headers: { cookie } });
async function workbookOf(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('sem planilha');
  return { workbook, sheet };
}
const detailBySku = async (sku: string) => {
  const found = (await ctx.app.inject({ url: `/api/products/v1?q=${sku}`, headers: { cookie } }))
    .json()
    .data.find((p: { sku: string }) => p.sku === sku);
  return (await ctx.app.inject({ url: `/api/products/v1/${found.id}`, headers: { cookie } })).json();
};

describe('products list export (the catalog sheet)', { timeout: 120_000 }, () => {
  it('round-trips: export to .xlsx, change it, import it back, and exactly the changes happen', async () => {
    const seeded = await importSheet(
      await makeXlsx([
        TITLES,
        [
          'RT-1',
          'Biscoito 200 g',
          'Maisena',
          'Biscoitos',
          'UN',
          '7891000315507',
          '19053100',
          null,
          5,
          2.1,
          3.5,
          'Caixa c/ 20',
          '17891000315504',
          '00',
        ],
        [
          'RT-2',
          'Farinha 1 kg',
          null,
          'Mercearia',
          'KG',
          null,
          '11010010',
          '1700100',
          '2,5',
          '4,30',
          '6,90',
          null,
          null,
          '00',
        ],
        ['RT-3', '=1+2', null, 'Mercearia', 'UN', null, null, null, 0, null, null, null, null, '07'],
      ]),
    );
    expect(seeded.json()).toEqual({ created: 3, updated: 0, unchanged: 0 });
    const before = await Promise.all(['RT-1', 'RT-2', 'RT-3'].map(detailBySku));

    const response = await exported('format=xlsx&q=RT-&sort=sku');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/produtos-\d{4}-\d{2}-\d{2}\.xlsx/);
    const { workbook, sheet } = await workbookOf(response.rawPayload);
    expect((sheet.getRow(1).values as Cell[]).slice(1)).toEqual(TITLES);
    expect(sheet.rowCount).toBe(4);
    const first = sheet.getRow(2);
    expect(first.getCell(1).value).toBe('RT-1');
    expect(first.getCell(9).value).toBe(5);
    expect(first.getCell(10).value).toBe(2.1);
    expect(first.getCell(12).value).toBe('Caixa c/ 20');
    expect(first.getCell(6).value).toBe('7891000315507');
    const formula = sheet.getRow(4).getCell(2);
    expect(formula.type).toBe(ExcelJS.ValueType.String);
    expect(formula.value).toBe('=1+2');

    // the changes: a new name, a new sale price, a new row
    sheet.getRow(2).getCell(2).value = 'Biscoito maisena 200 g';
    sheet.getRow(3).getCell(11).value = 7.25;
    sheet.addRow(['RT-4', 'Fermento 100 g', null, 'Mercearia', 'UN']);
    const changed = Buffer.from(await workbook.xlsx.writeBuffer());
    const result = await importSheet(changed);
    expect(result.statusCode, result.body).toBe(201);
    expect(result.json()).toEqual({ created: 1, updated: 2, unchanged: 1 });

    const after = await Promise.all(['RT-1', 'RT-2', 'RT-3'].map(detailBySku));
    const strip = (p: Record<string, unknown>) => ({ ...p, updatedAt: undefined, prices: undefined });
    expect(strip(after[0])).toEqual({ ...strip(before[0]), name: 'Biscoito maisena 200 g' });
    expect(after[0].prices).toHaveLength(1);
    expect(strip(after[1])).toEqual({
      ...strip(before[1]),
      currentPrice: { ...before[1].currentPrice, salePrice: '7.2500' },
    });
    expect(after[1].prices).toHaveLength(2);
    expect(after[2]).toEqual(before[2]);
    expect((await detailBySku('RT-4')).name).toBe('Fermento 100 g');
  });

  it('answers CSV with ; and BOM, the list filters, and formula-looking text written as text', async () => {
    await importSheet(
      await makeXlsx([
        TITLES,
        [
          'CSVX-1',
          '@SOMA(1)',
          null,
          'Bebidas',
          'UN',
          null,
          null,
          null,
          '1.500',
          '10,5',
          null,
          null,
          null,
          null,
        ],
        ['CSVX-2', 'Água 500 ml', null, 'Bebidas', 'UN', null, null, null, 0, null, null, null, null, null],
      ]),
    );
    const response = await exported('format=csv&q=CSVX&sort=sku');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const text = response.rawPayload.toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const lines = text.slice(1).trim().split('\r\n');
    expect(lines[0]).toBe(CATALOG_COLUMN_TITLES.join(';'));
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^CSVX-1;'@SOMA\(1\);;Bebidas;UN;;;;1500;10,50;/);
    // the exported CSV imports back as it was: the `'` the export put before formula-looking text comes off
    const body = await multipart({}, { name: 'produtos.csv', bytes: response.rawPayload });
    const reimport = await ctx.app.inject({
      method: 'POST',
      url: '/api/products/v1/import',
      headers: { cookie, ...body.headers },
      payload: body.payload,
    });
    expect(reimport.json()).toEqual({ created: 0, updated: 0, unchanged: 2 });
    expect((await detailBySku('CSVX-1')).name).toBe('@SOMA(1)');
    const inactive = await exported('format=csv&q=CSVX&status=inactive');
    expect(inactive.rawPayload.toString('utf8').trim().split('\r\n')).toHaveLength(1);
  });

  it('refuses an unknown format (400)', async () => {
    const response = await exported('format=pdf');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/Formato inválido/);
  });
});
