import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithAdmin, type TestContext } from '../helper.ts';
import {
  createProduct,
  createSupplier,
  defaultUnityId,
  stockIn,
  stockOut,
  unique,
  unityId,
} from '../factories.ts';

let ctx: TestContext;
let cookie: string;
beforeAll(async () => {
  ({ ctx, cookie } = await appWithAdmin('admin@exportacao.com.br'));
});
afterAll(async () => ctx.close());

const get = (url: string) => ctx.app.inject({ url, headers: { cookie } });

async function readXlsx(body: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as never);
  const sheet = workbook.worksheets[0]!;
  const rows: ExcelJS.Row[] = [];
  sheet.eachRow((row) => rows.push(row));
  return { sheet, rows, header: (rows[0]!.values as unknown[]).slice(1) };
}

function readCsv(body: Buffer) {
  const text = body.toString('utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  expect(text.endsWith('\r\n')).toBe(true);
  return text
    .slice(1, -2)
    .split('\r\n')
    .map((line) => line.split(';'));
}

const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());

describe('exporting the paged lists', () => {
  it('writes suppliers to .xlsx with Portuguese titles, typed cells and formula-looking text as text', async () => {
    const n = unique();
    const supplier = await createSupplier(ctx.app, cookie, {
      name: `=HYPERLINK("x") Exporta ${n}`,
      stateRegistration: '110042490114',
      address: {
        street: 'Rua Augusta',
        number: '100',
        district: 'Centro',
        city: 'São Paulo',
        state: 'SP',
        zip: '01310100',
      },
    });
    const response = await get(`/api/suppliers/v1?format=xlsx&q=Exporta ${n}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="fornecedores-${today}.xlsx"; filename*=UTF-8''fornecedores-${today}.xlsx`,
    );
    const { rows, header } = await readXlsx(response.rawPayload);
    expect(header).toEqual([
      'Razão social',
      'Nome fantasia',
      'CNPJ/CPF',
      'E-mail',
      'Telefone',
      'IE',
      'Endereço',
      'Bairro',
      'Cidade',
      'UF',
      'CEP',
      'Situação',
      'Produtos',
      'Cadastrado em',
    ]);
    expect(rows).toHaveLength(2);
    const cell = rows[1]!.getCell(1);
    expect(cell.type).toBe(ExcelJS.ValueType.String);
    expect(cell.value).toBe(supplier.name);
    // the address and the IE with its state's mask (issue 33)
    expect([6, 7, 8, 9, 10, 11].map((column) => rows[1]!.getCell(column).value)).toEqual([
      '110.042.490.114',
      'Rua Augusta, 100',
      'Centro',
      'São Paulo',
      'SP',
      '01310-100',
    ]);
    expect(rows[1]!.getCell(12).value).toBe('Ativo');
    expect(rows[1]!.getCell(13).value).toBe(0);
    expect(rows[1]!.getCell(14).value).toBeInstanceOf(Date);
  });

  it('writes a .csv with BOM, semicolons, CRLF and a leading apostrophe on formula-looking text', async () => {
    const n = unique();
    await createSupplier(ctx.app, cookie, {
      name: `@SUM(1;2) Planilha ${n}`,
      tradeName: 'Loja "Boa"; centro',
    });
    const response = await get(`/api/suppliers/v1?format=csv&q=Planilha ${n}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toContain(`fornecedores-${today}.csv`);
    const text = response.rawPayload.toString('utf8');
    expect(text).toContain(`"'@SUM(1;2) Planilha ${n}";"Loja ""Boa""; centro";`);
    const lines = readCsv(response.rawPayload);
    expect(lines[0]![0]).toBe('Razão social');
    expect(lines).toHaveLength(2);
  });

  it('exports entries and exits with their filters, numbers as numbers and dates as dates', async () => {
    const product = await createProduct(ctx.app, cookie, {
      name: `-Produto exportado ${unique()}`,
      baseUnityId: await unityId(ctx.app, cookie, 'KG'),
    });
    const other = await createProduct(ctx.app, cookie);
    const unit = await defaultUnityId(ctx.app, cookie, product.id);
    const otherUnit = await defaultUnityId(ctx.app, cookie, other.id);
    await stockIn(ctx.app, cookie, {
      productId: product.id,
      productUnityId: unit,
      quantity: '2.5',
      unitCost: '10.1234',
      occurredOn: '2026-01-15',
      notes: '=1+1',
    });
    await stockIn(ctx.app, cookie, {
      productId: other.id,
      productUnityId: otherUnit,
      quantity: 1,
      unitCost: 1,
    });
    await stockOut(ctx.app, cookie, {
      productId: product.id,
      productUnityId: unit,
      quantity: 1,
      reason: 'venda',
    });

    const entries = await get(`/api/stock/in/v1?format=xlsx&productId=${product.id}`);
    expect(entries.statusCode, entries.body).toBe(200);
    expect(entries.headers['content-disposition']).toContain(`entradas-${today}.xlsx`);
    const { rows, header } = await readXlsx(entries.rawPayload);
    expect(rows).toHaveLength(2);
    expect(header.slice(0, 5)).toEqual(['Data', 'Código', 'Produto', 'Embalagem', 'Quantidade']);
    const row = rows[1]!;
    expect(row.getCell(1).value).toEqual(new Date(Date.UTC(2026, 0, 15)));
    expect(row.getCell(1).numFmt).toBe('dd/mm/yyyy');
    expect(row.getCell(3).value).toBe(product.name);
    expect(row.getCell(3).type).toBe(ExcelJS.ValueType.String);
    expect(row.getCell(5).value).toBe(2.5);
    expect(row.getCell(8).value).toBe(10.1234);
    expect(row.getCell(9).value).toBeCloseTo(25.3085, 4);
    expect(row.getCell(12).value).toBe('=1+1');
    expect(row.getCell(12).type).toBe(ExcelJS.ValueType.String);

    const csv = readCsv((await get(`/api/stock/in/v1?format=csv&productId=${product.id}`)).rawPayload);
    expect(csv[1]!.slice(0, 5)).toEqual([
      '15/01/2026',
      product.sku,
      `'${product.name}`,
      expect.any(String),
      '2,5',
    ]);
    expect(csv[1]![7]).toBe('10,1234');
    expect(csv[1]![11]).toBe("'=1+1");

    const exits = readCsv(
      (await get(`/api/stock/out/v1?format=csv&productId=${product.id}&status=all`)).rawPayload,
    );
    expect(exits).toHaveLength(2);
    expect(exits[0]![9]).toBe('Motivo');
    expect(exits[1]![9]).toBe('Venda');
    const cancelled = readCsv(
      (await get(`/api/stock/out/v1?format=csv&productId=${product.id}&status=cancelled`)).rawPayload,
    );
    expect(cancelled).toHaveLength(1);
  });

  it('exports the stock now and at a past date', async () => {
    const product = await createProduct(ctx.app, cookie, { name: `Estoque exportado ${unique()}` });
    const unit = await defaultUnityId(ctx.app, cookie, product.id);
    await stockIn(ctx.app, cookie, {
      productId: product.id,
      productUnityId: unit,
      quantity: 4,
      unitCost: '2.50',
      occurredOn: '2026-02-10',
    });
    await stockIn(ctx.app, cookie, {
      productId: product.id,
      productUnityId: unit,
      quantity: 6,
      unitCost: '2.50',
    });
    const now = await readXlsx(
      (await get(`/api/stock/v1?format=xlsx&q=${encodeURIComponent(product.name)}`)).rawPayload,
    );
    expect(now.rows).toHaveLength(2);
    expect(now.rows[1]!.getCell(5).value).toBe(10);
    expect(now.rows[1]!.getCell(8).value).toBe(25);
    const past = await get(`/api/stock/v1?format=csv&date=2026-02-28&q=${encodeURIComponent(product.name)}`);
    expect(past.headers['content-disposition']).toContain(`estoque-em-2026-02-28-${today}.csv`);
    const lines = readCsv(past.rawPayload);
    expect(lines[1]![4]).toBe('4');
    expect(lines[1]![7]).toBe('10,00');
  });

  it('exports users (admin) and the month of imported sheets', async () => {
    const users = await get('/api/users?format=csv');
    expect(users.statusCode).toBe(200);
    const lines = readCsv(users.rawPayload);
    expect(lines[0]).toEqual(['Nome', 'E-mail', 'Perfil', 'Situação']);
    expect(lines.some((line) => line[1] === 'admin@exportacao.com.br' && line[2] === 'Administrador')).toBe(
      true,
    );
    const movements = await get('/api/stock/movement/v1?year=2026&month=1&format=xlsx');
    expect(movements.statusCode).toBe(200);
    expect(movements.headers['content-disposition']).toContain(`movimentacoes-2026-01-${today}.xlsx`);
    expect((await readXlsx(movements.rawPayload)).header[0]).toBe('Arquivo');
  });

  it('refuses an unknown format with 400 in Portuguese', async () => {
    for (const url of [
      '/api/suppliers/v1?format=pdf',
      '/api/stock/v1?format=xls',
      '/api/stock/in/v1?format=json',
      '/api/users?format=x',
      '/api/stock/movement/v1?year=2026&month=1&format=ods',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
      expect(response.json().issues[0].message).toBe('Formato inválido: use xlsx ou csv.');
    }
  });
});
