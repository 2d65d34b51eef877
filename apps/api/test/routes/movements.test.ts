import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { appWithAdmin, type TestContext } from '../helper.ts';
import {
  batchId,
  cnpjFor,
  createBox,
  createProduct,
  createSupplier,
  defaultUnityId,
  stockIn,
  uniqueGtin,
  unityId,
} from '../factories.ts';
import { assertLedgerInvariant, ledgerRowCount } from '../invariants.ts';
import { pdfPages } from '../pdf-text.ts';
import { TEMPLATE_HEADER } from '../../src/domain/movements/template.ts';
import type { TSheetPreview } from '@armazem/contracts/movements';
import { HEADER, PNG_BYTES, makeCsv, makeXlsx, multipart, zipWithoutWorkbook, type Cell } from '../sheets.ts';

let ctx: TestContext;
let cookie: string;
let supplierCnpj: string;
beforeAll(async () => {
  ({ ctx, cookie } = await appWithAdmin('admin@planilhas.com.br', 'Paula Planilha'));
  await ctx.app.inject({
    method: 'PUT',
    url: '/api/settings/v1',
    headers: { cookie },
    payload: { businessName: 'Mercearia Boa Vista', businessDocument: '11222333000181' },
  });
  const product = await createProduct(ctx.app, cookie, { sku: 'CAFE-1KG', name: 'Café 1 kg', categoryId: 2 });
  await createBox(ctx.app, cookie, product.id, 10);
  supplierCnpj = cnpjFor(42);
  await createSupplier(ctx.app, cookie, { name: 'Torrefação Serra Ltda', document: supplierCnpj });
});
afterAll(async () => {
  await assertLedgerInvariant(ctx.handle.db);
  await ctx.close();
});

const d = (day: number, month = 9, year = 2026) => new Date(Date.UTC(year, month - 1, day));
const preview = async (
  bytes: Uint8Array,
  name = 'setembro.xlsx',
  fields: Record<string, string> = { year: '2026', month: '9' },
) => {
  const body = await multipart(fields, { name, bytes });
  return ctx.app.inject({
    method: 'POST',
    url: '/api/stock/movement/v1/sheet',
    headers: { cookie, ...body.headers },
    payload: body.payload,
  });
};
const importSheet = async (
  bytes: Uint8Array,
  name = 'setembro.xlsx',
  fields: Record<string, string> = {
    year: '2026',
    month: '9',
    data: JSON.stringify({ description: 'Setembro' }),
  },
) => {
  const body = await multipart(fields, { name, bytes });
  return ctx.app.inject({
    method: 'POST',
    url: '/api/stock/movement/v1',
    headers: { cookie, ...body.headers },
    payload: body.payload,
  });
};
const stockOf = async (code: string) =>
  (await ctx.app.inject({ url: `/api/stock/v1?q=${code}`, headers: { cookie } }))
    .json()
    .data.find((row: { product: { sku: string } }) => row.product.sku === code);
const ledgerCount = () => ledgerRowCount(ctx.handle.db);

const goodRows = (sku = 'CAFE-1KG', month = 9): Cell[][] => [
  HEADER,
  [d(2, month), sku.toLowerCase(), 'Entrada', 3, 'Caixa c/ 10 UN', '250,00', supplierCnpj, 'NF 10', 'compra'],
  [d(10, month), sku, 'S', 12, null, null, null, 'Cupom 1', null],
  [d(20, month), sku, 'Saída', '5', 'UN', null, null, null, null],
];

/**
 * A coffee of its own (category Bebidas, boxes of 10) whose sheet of `month` 2026 is imported: 3 boxes in at
 * R$ 250,00, then 12 and 5 units out. Tests that need a month's story build it here instead of reading another's.
 */
async function importedCoffee(month: number, openingOn?: string) {
  const product = await createProduct(ctx.app, cookie, { name: 'Café 1 kg', categoryId: 2 });
  await createBox(ctx.app, cookie, product.id, 10);
  const unit = await defaultUnityId(ctx.app, cookie, product.id);
  const fileName = `mes-${month}.xlsx`;
  const response = await importSheet(await makeXlsx(goodRows(product.sku, month)), fileName, {
    year: '2026',
    month: String(month),
  });
  if (response.statusCode !== 201) throw new Error(`importação falhou: ${response.body}`);
  // Typed after the sheet, dated before it: the back-dated case the report must put in the opening.
  if (openingOn)
    await stockIn(ctx.app, cookie, {
      productId: product.id,
      productUnityId: unit,
      quantity: 7,
      unitCost: '20',
      occurredOn: openingOn,
    });
  return { product, unit, fileName, movementId: response.json().id as number };
}

describe('preview', () => {
  it('parses the sheet, shows every row with a summary, and stores nothing', async () => {
    const before = await ledgerCount();
    const response = await preview(await makeXlsx(goodRows()));
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.fileName).toBe('setembro.xlsx');
    expect(body.summary).toEqual({ rows: 3, valid: 3, invalid: 0, entries: 1, exits: 2 });
    expect(body.rows[0]).toEqual({
      line: 2,
      occurredOn: '2026-09-02',
      sku: 'CAFE-1KG',
      product: 'Café 1 kg',
      type: 'Entrada',
      quantity: '3.000',
      unity: 'Caixa c/ 10 UN',
      unitCost: '250.0000',
      supplier: supplierCnpj,
      document: 'NF 10',
      notes: 'compra',
      reason: null,
      errors: [],
    });
    expect(await ledgerCount()).toBe(before);
    expect(await ctx.handle.db.selectFrom('stock_movements').selectAll().execute()).toHaveLength(0);
  });

  it('puts each problem on its row and column, in Portuguese', async () => {
    const response = await preview(
      await makeXlsx([
        HEADER,
        [d(2), 'NAO-EXISTE', 'Entrada', 1, null, 1, null, null, null],
        [d(3, 8), 'CAFE-1KG', 'Entrada', 1, null, 1, null, null, null],
        [d(4), 'CAFE-1KG', 'Troca', 'muito', null, null, null, null, null],
        [d(5), 'CAFE-1KG', 'Entrada', 1.5, null, null, null, null, null],
        [d(6), 'CAFE-1KG', 'Saída', 1, 'Pallet', null, null, null, null],
        [d(7), 'CAFE-1KG', 'Saída', 999, null, null, null, null, null],
        [d(8), 'CAFE-1KG', 'Entrada', 1, null, 5, '11.111.111/1111-11', null, null],
      ]),
    );
    const rows = response.json().rows as Array<{
      line: number;
      errors: Array<{ column: string; message: string }>;
    }>;
    const errorsAt = (line: number) => rows.find((row) => row.line === line)?.errors ?? [];
    expect(errorsAt(2)).toEqual([{ column: 'Código', message: 'Produto NAO-EXISTE não encontrado.' }]);
    expect(errorsAt(3)).toEqual([{ column: 'Data', message: 'Fora do mês escolhido.' }]);
    expect(errorsAt(4)).toEqual(
      expect.arrayContaining([
        { column: 'Tipo', message: 'Tipo inválido: use Entrada ou Saída (E ou S).' },
        { column: 'Quantidade', message: expect.stringContaining('Número inválido') },
      ]),
    );
    expect(errorsAt(5)).toEqual(
      expect.arrayContaining([
        { column: 'Quantidade', message: 'A quantidade deve ser inteira em Unidade (UN).' },
        { column: 'Custo Unitário', message: 'Informe o custo unitário da entrada.' },
      ]),
    );
    expect(errorsAt(6)[0]).toMatchObject({
      column: 'Unidade',
      message: expect.stringContaining('Unidade "Pallet" não existe para CAFE-1KG'),
    });
    expect(errorsAt(7)).toEqual([
      { column: 'Quantidade', message: 'Estoque insuficiente: disponível 0 UN, solicitado 999 UN.' },
    ]);
    expect(errorsAt(8)).toEqual([{ column: 'Fornecedor', message: 'CNPJ ou CPF do fornecedor inválido.' }]);
    expect(response.json().summary).toMatchObject({ rows: 7, valid: 0, invalid: 7 });
  });

  it('says once which month the dates are in when another month is chosen (issue 33)', async () => {
    const october = [HEADER, ...[1, 15, 31].map((day) => [d(day, 10), 'CAFE-1KG', 'Entrada', 1, null, 1])];
    const response = await preview(await makeXlsx(october), 'outubro.xlsx', { year: '2026', month: '9' });
    const body = response.json() as TSheetPreview;
    expect(body.monthNotice).toBe(
      'As datas da planilha são de outubro/2026, mas o mês escolhido é setembro/2026. Escolha outubro/2026 ou corrija as datas.',
    );
    // each row is still marked, briefly, under its date
    expect(body.rows.map((row) => row.errors)).toEqual(
      Array.from({ length: 3 }, () => [{ column: 'Data', message: 'Fora do mês escolhido.' }]),
    );
    const mixed = [
      HEADER,
      [d(2), 'CAFE-1KG', 'Entrada', 1, null, 1],
      [d(3, 10), 'CAFE-1KG', 'Entrada', 1, null, 1],
    ];
    const refused = await importSheet(await makeXlsx(mixed), 'misturada.xlsx');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(
      '1 linha tem data de outubro/2026, mas o mês escolhido é setembro/2026. Corrija essas datas ou envie essas linhas em outra planilha, no mês delas. Nada foi importado.',
    );
    const fits = await preview(await makeXlsx([HEADER, [d(2), 'CAFE-1KG', 'Entrada', 1, null, 1]]));
    expect(fits.json().monthNotice).toBeNull();
  });

  it('reads a product or package barcode in Código, and refuses a unit code two packages share', async () => {
    const productCode = uniqueGtin();
    const boxCode = uniqueGtin();
    const product = await createProduct(ctx.app, cookie, {
      name: 'Chá mate',
      categoryId: 2,
      barcode: productCode,
    });
    const box = await ctx.app.inject({
      method: 'POST',
      url: `/api/products/v1/${product.id}/unity/v1`,
      headers: { cookie },
      payload: {
        unityId: await unityId(ctx.app, cookie, 'CX'),
        unityBatchId: await batchId(ctx.app, cookie, 'CAIXA'),
        quantity: 24,
        barcode: boxCode,
      },
    });
    expect(box.statusCode, box.body).toBe(201);
    await ctx.app.inject({
      method: 'POST',
      url: `/api/products/v1/${product.id}/unity/v1`,
      headers: { cookie },
      payload: {
        unityId: await unityId(ctx.app, cookie, 'CX'),
        unityBatchId: await batchId(ctx.app, cookie, 'FARDO'),
        quantity: 6,
      },
    });
    const response = await preview(
      await makeXlsx([
        HEADER,
        [d(2), productCode, 'Entrada', 2, null, '1', null, null, null],
        [d(3), boxCode, 'Entrada', 1, null, '30', null, null, null],
        [d(4), product.sku, 'Entrada', 1, 'CX', '30', null, null, null],
        [d(5), product.sku, 'Entrada', 1, 'Fardo c/ 6 UN', '9', null, null, null],
      ]),
    );
    const rows = response.json().rows;
    // the product's own barcode is the product in its base unit; a box's barcode is that box
    expect(rows[0]).toMatchObject({ product: 'Chá mate', unity: 'Unidade (UN)', errors: [] });
    expect(rows[1]).toMatchObject({ product: 'Chá mate', unity: 'Caixa c/ 24 UN', errors: [] });
    // CX is the unit of both the box and the bale: which one is the sheet's to say, never a guess
    expect(rows[2].errors).toEqual([
      {
        column: 'Unidade',
        message: `A unidade "CX" é de mais de uma embalagem de ${product.sku} (Caixa c/ 24 UN, Fardo c/ 6 UN): escreva qual, como está no produto.`,
      },
    ]);
    expect(rows[3]).toMatchObject({ unity: 'Fardo c/ 6 UN', errors: [] });
  });

  it('checks exits against the balance after the earlier rows of the same sheet', async () => {
    const rows = await preview(
      await makeXlsx([
        HEADER,
        [d(1), 'CAFE-1KG', 'E', 5, null, 10, null, null, null],
        [d(2), 'CAFE-1KG', 'S', 4, null, null, null, null, null],
        [d(3), 'CAFE-1KG', 'S', 2, null, null, null, null, null],
      ]),
    );
    expect(rows.json().rows.map((row: { errors: unknown[] }) => row.errors.length)).toEqual([0, 0, 1]);
  });

  it('reads a Windows-1252 CSV with `;` and Brazilian numbers', async () => {
    const csv = makeCsv([
      ['Observação', 'Código', 'Data', 'Quantidade', 'Tipo', 'Custo Unitário'],
      ['padaria', 'CAFE-1KG', '02/09/2026', '1.000', 'E', '1.234,56'],
    ]);
    const body = (await preview(csv, 'setembro.csv')).json();
    expect(body.rows[0]).toMatchObject({
      quantity: '1000.000',
      unitCost: '1234.5600',
      notes: 'padaria',
      errors: [],
    });
  });

  it('refuses what is not a sheet (415), a missing column (422), a missing file (400) and a file over 10 MB (413)', async () => {
    for (const bytes of [PNG_BYTES, zipWithoutWorkbook()]) {
      const response = await preview(bytes, 'planilha.xlsx');
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({
        message: 'Arquivo não suportado: envie uma planilha .xlsx ou um arquivo .csv.',
        code: 'UNSUPPORTED_MEDIA_TYPE',
      });
    }
    const missing = await preview(
      makeCsv([
        ['Data', 'Código', 'Tipo'],
        ['01/09/2026', 'A', 'E'],
      ]),
      'x.csv',
    );
    expect(missing.statusCode).toBe(422);
    expect(missing.json().message).toContain('Coluna obrigatória ausente: Quantidade.');
    const noFile = await multipart({ year: '2026', month: '9' });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/stock/movement/v1/sheet',
      headers: { cookie, ...noFile.headers },
      payload: noFile.payload,
    });
    expect(response.statusCode).toBe(400);
    const huge = await preview(Buffer.alloc(10 * 1024 * 1024 + 10, 'a'), 'grande.csv');
    expect(huge.statusCode).toBe(413);
    expect(huge.json().code).toBe('PAYLOAD_TOO_LARGE');
    const json = await ctx.app.inject({
      method: 'POST',
      url: '/api/stock/movement/v1/sheet',
      headers: { cookie },
      payload: { sheet: 'x' },
    });
    expect(json.statusCode).toBe(415);
  });
});

describe('import and cancel', () => {
  it('imports nothing when any row is wrong (422 with the row errors)', async () => {
    const before = await ledgerCount();
    const rows = goodRows();
    rows.push([d(25), 'CAFE-1KG', 'Saída', 1000, null, null, null, null, null]);
    const response = await importSheet(await makeXlsx(rows), 'recusada.xlsx');
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: expect.stringContaining('nada foi importado'),
      summary: { invalid: 1 },
    });
    expect(response.json().rows).toEqual([
      expect.objectContaining({
        line: 5,
        errors: [
          {
            column: 'Quantidade',
            message: expect.stringMatching(
              /^Estoque insuficiente: disponível [\d.,]+ UN, solicitado 1\.000 UN\.$/,
            ),
          },
        ],
      }),
    ]);
    expect(await ledgerCount()).toBe(before);
    // the refused sheet left no movement behind
    const months = await ctx.app.inject({
      url: '/api/stock/movement/v1?year=2026&month=9',
      headers: { cookie },
    });
    expect(months.json().data.map((m: { fileName: string }) => m.fileName)).not.toContain('recusada.xlsx');
    expect((await stockOf('CAFE-1KG')).quantity).toBe('0.000');
  });

  it('imports every row in one go, keeps the file, and refuses the same file again for the month (409)', async () => {
    const bytes = await makeXlsx(goodRows());
    const response = await importSheet(bytes);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      id: expect.any(Number),
      year: 2026,
      month: 9,
      fileName: 'setembro.xlsx',
      description: 'Setembro',
      rows: 3,
      entries: 1,
      exits: 2,
      createdBy: { id: expect.any(Number), name: 'Paula Planilha' },
      createdAt: expect.any(String),
    });
    const movementId = response.json().id;
    // 30 units at R$ 25,00 in; 12 + 5 out → 13 units, R$ 325,00
    expect(await stockOf('CAFE-1KG')).toMatchObject({
      quantity: '13.000',
      averageCost: '25.0000',
      totalValue: '325.0000',
    });
    const entries = (
      await ctx.app.inject({ url: '/api/stock/in/v1?productId=1', headers: { cookie } })
    ).json();
    expect(entries.data[0]).toMatchObject({
      stockMovementId: movementId,
      supplier: { name: 'Torrefação Serra Ltda' },
      quantity: '3.000',
      baseQuantity: '30.000',
    });
    const exits = (
      await ctx.app.inject({ url: '/api/stock/out/v1?productId=1', headers: { cookie } })
    ).json();
    expect(exits.data.map((entry: { reason: string }) => entry.reason)).toEqual(['venda', 'venda']);

    const again = await importSheet(bytes, 'outro-nome.xlsx');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('já foi importado para 09/2026');

    const list = (
      await ctx.app.inject({ url: '/api/stock/movement/v1?year=2026&month=9', headers: { cookie } })
    ).json();
    expect(list).toEqual({ data: [expect.objectContaining({ id: movementId, rows: 3 })] });
    const original = await ctx.app.inject({
      url: `/api/stock/movement/v1/${movementId}/sheet`,
      headers: { cookie },
    });
    expect(original.statusCode).toBe(200);
    expect(Buffer.compare(original.rawPayload, bytes)).toBe(0);
    expect(original.headers['content-disposition']).toContain('setembro.xlsx');
  });

  it('validates the month and the data field', async () => {
    const bytes = await makeXlsx(goodRows());
    expect((await importSheet(bytes, 'a.xlsx', { year: '2026', month: '13' })).statusCode).toBe(400);
    expect((await importSheet(bytes, 'a.xlsx', { year: '2026' })).statusCode).toBe(400);
    const badData = await importSheet(bytes, 'a.xlsx', { year: '2026', month: '10', data: '{não é json' });
    expect(badData.statusCode).toBe(400);
    expect(badData.json().message).toContain('"data"');
    expect(
      (await ctx.app.inject({ url: '/api/stock/movement/v1?year=2026', headers: { cookie } })).statusCode,
    ).toBe(400);
  });

  it('produces the month report with opening, entries, exits, closing and values, checked against the ledger', async () => {
    // A month no other test moves stock in or before: the report holds this product alone.
    // A back-dated manual entry in May (the opening), the sheet in June.
    const { product, fileName } = await importedCoffee(6, '2026-05-15');
    const sku = product.sku;
    const response = await ctx.app.inject({
      url: '/api/stock/movement/v1/report?year=2026&month=6',
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain(
      'inline; filename="relatorio-estoque-2026-06.pdf"',
    );
    const text = (await pdfPages(response.rawPayload)).join(' ');
    expect(text).toContain('Mercearia Boa Vista');
    expect(text).toContain('CNPJ 11.222.333/0001-81');
    expect(text).toContain('Junho de 2026');
    // an open month says so (issue 33)
    expect(text).toContain('Junho de 2026 · mês aberto');
    // valued by date: 7 (May, R$ 140) + 30 on 02/06 (R$ 750) = 37 for R$ 890; −12 on 10/06 takes
    // round(890 × 12 ÷ 37) = R$ 288,6486; −5 on 20/06 takes round(601,3514 × 5 ÷ 25) = R$ 120,2703
    // → 20 left for R$ 481,0811, average R$ 24,0541 (the May entry typed later still counts first)
    expect(text).toContain(`${sku} Café 1 kg UN 7 30 17 20 R$ 24,0541 R$ 481,08`);
    expect(text).toContain('Subtotal Bebidas');
    expect(text).toContain('Total geral (1 produto)');
    expect(text).toContain(`${fileName} — 3 linhas (1 entrada, 2 saídas) — importada por Paula Planilha`);
    expect(text).toMatch(/Gerado em \d{2}\/\d{2}\/\d{4}.* por Paula Planilha/);
    expect(text).toContain('Página 1 de 1');
    const may = (
      await pdfPages(
        (
          await ctx.app.inject({
            url: '/api/stock/movement/v1/report?year=2026&month=5',
            headers: { cookie },
          })
        ).rawPayload,
      )
    ).join(' ');
    expect(may).toContain(`${sku} Café 1 kg UN 0 7 0 7 R$ 20,00 R$ 140,00`);
    expect(may).toContain('Nenhuma planilha importada para este mês.');
  });

  it('refuses to cancel when that would make a balance negative (409), and cancels otherwise, restoring balances', async () => {
    // 7 in March, the April sheet (+30 −17): 20 units; a sale of 15 today leaves 5, fewer than the sheet's net 13.
    const { product, unit, fileName, movementId } = await importedCoffee(4, '2026-03-15');
    await ctx.app.inject({
      method: 'POST',
      url: '/api/stock/out/v1',
      headers: { cookie },
      payload: { productId: product.id, productUnityId: unit, quantity: 15, reason: 'venda' },
    });
    const refused = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/stock/movement/v1/${movementId}`,
      headers: { cookie },
    });
    expect(refused.statusCode).toBe(409);
    // without the sheet's 30 units, today's exit of 15 would meet only the 7 of March
    expect(refused.json()).toMatchObject({
      code: 'INSUFFICIENT_STOCK',
      message: expect.stringMatching(
        /^Em \d{2}\/\d{2}\/\d{4} o saldo de Café 1 kg ficaria negativo: disponível 7 UN, solicitado 15 UN\.$/,
      ),
    });
    // stock that arrived before today's exit makes the undo possible (the ledger is judged by date)
    await stockIn(ctx.app, cookie, {
      productId: product.id,
      productUnityId: unit,
      quantity: 20,
      unitCost: '25',
      occurredOn: '2026-10-01',
    });

    const before = await stockOf(product.sku);
    const response = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/stock/movement/v1/${movementId}`,
      headers: { cookie },
    });
    expect(response.statusCode).toBe(204);
    const after = await stockOf(product.sku);
    expect(Number(after.quantity)).toBe(Number(before.quantity) - 13);
    expect(
      (await ctx.app.inject({ url: '/api/stock/movement/v1?year=2026&month=4', headers: { cookie } })).json(),
    ).toEqual({ data: [] });
    const cancelled = await ctx.handle.db
      .selectFrom('stock_ledger')
      .select(['cancelled_at', 'cancelled_by'])
      .where('stock_movement_id', '=', movementId)
      .execute();
    expect(cancelled).toHaveLength(3);
    expect(cancelled.every((row) => row.cancelled_at !== null && row.cancelled_by !== null)).toBe(true);
    expect(
      (
        await ctx.app.inject({
          method: 'DELETE',
          url: `/api/stock/movement/v1/${movementId}`,
          headers: { cookie },
        })
      ).statusCode,
    ).toBe(404);
    const report = (
      await pdfPages(
        (
          await ctx.app.inject({
            url: '/api/stock/movement/v1/report?year=2026&month=4',
            headers: { cookie },
          })
        ).rawPayload,
      )
    ).join(' ');
    expect(report).not.toContain(fileName);
    // only the March entry remains before or in April: the manual movements above are dated today
    expect(report).toContain(`${product.sku} Café 1 kg UN 7 0 0 7 R$ 20,00 R$ 140,00`);
    await assertLedgerInvariant(ctx.handle.db);
    // once cancelled, the same file may be imported again
    const again = await importSheet(await makeXlsx(goodRows(product.sku, 4)), fileName, {
      year: '2026',
      month: '4',
    });
    expect(again.statusCode).toBe(201);
  });
});

describe('template', () => {
  it('downloads an .xlsx with the header, an example row and a sheet of instructions', async () => {
    const response = await ctx.app.inject({ url: '/api/stock/movement/v1/template', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain(
      'attachment; filename="modelo-movimentacao-estoque.xlsx"',
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Movimentação', 'Instruções']);
    expect((workbook.worksheets[0]?.getRow(1).values as unknown[]).slice(1)).toEqual(TEMPLATE_HEADER);
    expect(workbook.worksheets[0]?.rowCount).toBe(2);
    expect(workbook.worksheets[1]?.getCell('C2').text).toContain('mês escolhido');
  });
});
