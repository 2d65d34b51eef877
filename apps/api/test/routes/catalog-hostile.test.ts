import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { appWithAdmin, type TestContext } from '../helper.ts';
import { xlsxWithHugeCell } from '../hostile-files.ts';
import { makeCsv, multipart } from '../sheets.ts';

// The catalog sheet goes through the monthly sheet's reader (limits, worker): these check it keeps them.

let ctx: TestContext;
let cookie: string;
beforeAll(async () => {
  ({ ctx, cookie } = await appWithAdmin('admin@hostil.com.br', 'Hélio Hostil'));
});
afterAll(async () => {
  await ctx.close();
});

const send = async (path: '/import/preview' | '/import', name: string, bytes: Uint8Array) => {
  const body = await multipart({}, { name, bytes });
  return ctx.app.inject({
    method: 'POST',
    url: `/api/products/v1${path}`,
    headers: { cookie, ...body.headers },
    payload: body.payload,
  });
};
const bySku = async (sku: string) =>
  (await ctx.app.inject({ url: `/api/products/v1?q=${sku}`, headers: { cookie } }))
    .json()
    .data.find((p: { sku: string }) => p.sku === sku);

describe('hostile catalog sheets', { timeout: 120_000 }, () => {
  it('keeps formula-looking text as text, and reads a real formula cell as its saved value', async () => {
    const csv = makeCsv([
      ['Código', 'Nome', 'Descrição', 'Categoria', 'Unidade'],
      ['HOS-1', '=HYPERLINK("http://mal.example","clique")', '+cmd|/c calc', '@Soma', 'UN'],
      ['HOS-2', '-2+3', null, 'Mercearia', 'UN'],
    ]);
    const result = await send('/import', 'formulas.csv', csv);
    expect(result.statusCode, result.body).toBe(201);
    expect(await bySku('HOS-1')).toMatchObject({
      name: '=HYPERLINK("http://mal.example","clique")',
      description: '+cmd|/c calc',
      category: { name: '@Soma' },
    });
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Produtos');
    sheet.addRow(['Código', 'Nome', 'Categoria', 'Unidade']);
    sheet.addRow(['HOS-3', null, 'Mercearia', 'UN']);
    sheet.getCell('B2').value = { formula: 'CONCAT("Sabão ","em pó")', result: 'Sabão em pó' };
    const xlsx = await send('/import', 'formula.xlsx', Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(xlsx.statusCode, xlsx.body).toBe(201);
    expect((await bySku('HOS-3')).name).toBe('Sabão em pó');
    const exported = await ctx.app.inject({
      url: '/api/products/v1?format=csv&q=HOS-1',
      headers: { cookie },
    });
    expect(exported.rawPayload.toString('utf8')).toContain(
      `HOS-1;"'=HYPERLINK(""http://mal.example"",""clique"")"`,
    );
  });

  it('refuses 50,001 rows whole (413), before any check', async () => {
    const rows = [['Código', 'Nome'], ...Array.from({ length: 50_001 }, (_, i) => [`L-${i}`, `Linha ${i}`])];
    const response = await send('/import/preview', 'linhas.csv', makeCsv(rows));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: expect.stringMatching(/50\.000 linhas/),
    });
  });

  it('refuses a wrong header (422) naming the missing columns', async () => {
    const response = await send(
      '/import/preview',
      'errada.csv',
      makeCsv([
        ['Referência', 'Descrição'],
        ['A', 'B'],
      ]),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toMatch(/Colunas obrigatórias ausentes: Código, Nome/);
  });

  it('marks duplicated SKUs as row errors and imports nothing', async () => {
    const csv = makeCsv([
      ['Código', 'Nome', 'Categoria', 'Unidade'],
      ['DUPE-1', 'Primeiro', 'Mercearia', 'UN'],
      ['dupe-1', 'Segundo', 'Mercearia', 'UN'],
      ['DUPE-2', 'Outro', 'Mercearia', 'UN'],
    ]);
    const response = await send('/import', 'repetidos.csv', csv);
    expect(response.statusCode).toBe(422);
    expect(response.json().rows).toEqual([
      {
        line: 3,
        sku: 'DUPE-1',
        name: 'Segundo',
        action: 'create',
        costPrice: null,
        salePrice: null,
        package: null,
        errors: [{ column: 'Código', message: 'O código DUPE-1 aparece também na linha 2.' }],
      },
    ]);
    expect(await bySku('DUPE-2')).toBeUndefined();
  });

  it('refuses a zip bomb (a 400 MB cell in a small .xlsx) with 413', async () => {
    const response = await send('/import/preview', 'bomba.xlsx', await xlsxWithHugeCell(400));
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toMatch(/grande demais depois de descompactada/);
  });
});
