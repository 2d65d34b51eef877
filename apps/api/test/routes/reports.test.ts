import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signUpAndLogin, type TestContext } from '../helper.ts';
import { monthBack, today } from '../months.ts';
import {
  createCategory,
  createProduct,
  createSupplier,
  defaultUnityId,
  stockIn,
  stockOut,
} from '../factories.ts';

// The owner's reports (DESIGN.md §6.6) on a small ledger of their own, each figure against one computed by hand.
let ctx: TestContext;
let cookie: string;
const get = (url: string) => ctx.app.inject({ url, headers: { cookie } });

const [a, b, c] = [monthBack(2), monthBack(1), monthBack(0)];

async function product(categoryId: number, name: string) {
  const created = await createProduct(ctx.app, cookie, { name, categoryId });
  return { id: created.id as number, unit: await defaultUnityId(ctx.app, cookie, created.id) };
}

let juiceId: number;
let soapId: number;
let drinks: { id: number; name: string };
let cleaning: { id: number; name: string };
beforeAll(async () => {
  ctx = await buildTestApp();
  cookie = await signUpAndLogin(ctx.app, 'admin@relatorios.com.br');
  drinks = await createCategory(ctx.app, cookie, 'A Sucos');
  cleaning = await createCategory(ctx.app, cookie, 'B Sabões');
  const juice = await product(drinks.id, 'Suco de uva');
  const soap = await product(cleaning.id, 'Sabão em barra');
  [juiceId, soapId] = [juice.id, soap.id];
  const move = { productId: juice.id, productUnityId: juice.unit };
  await stockIn(ctx.app, cookie, { ...move, quantity: 10, unitCost: '2', occurredOn: a.day(10) });
  await stockOut(ctx.app, cookie, { ...move, quantity: 4, reason: 'venda', occurredOn: b.day(5) });
  const soapMove = { productId: soap.id, productUnityId: soap.unit };
  await stockIn(ctx.app, cookie, { ...soapMove, quantity: 3, unitCost: '3.3333', occurredOn: a.day(15) });
  await stockIn(ctx.app, cookie, { ...soapMove, quantity: 2, unitCost: '1', occurredOn: b.day(20) });
  // the ABC curve's ledger: bought and sold out within month a, so no month end holds them
  const abcCategory = await createCategory(ctx.app, cookie, 'C Curva');
  for (const [name, quantity, unitCost] of abcLedger) {
    const sold = await product(abcCategory.id, name);
    const moved = { productId: sold.id, productUnityId: sold.unit, quantity, occurredOn: a.day(12) };
    await stockIn(ctx.app, cookie, { ...moved, unitCost });
    await stockOut(ctx.app, cookie, { ...moved, reason: 'venda' });
  }
});
const abcLedger: Array<[string, number, string]> = [
  ['Curva média', 1, '150'],
  ['Curva grande', 10, '70'],
  ['Curva pequena', 1, '50'],
  ['Curva B', 1, '100'],
];
afterAll(async () => ctx.close());

describe('stock value at month ends', () => {
  it('values own stock by category at each month end, as the inventory at that date does', async () => {
    const response = await get(`/api/reports/v1/stock-value?from=${a.key}&to=${c.key}`);
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json();
    // by hand: juice 10 × 2,00 = 20,00 then 6 × 2,00 = 12,00; soap 3 × 3,3333 = 9,9999 → 10,00 (the line's centavos),
    // then + 2 × 1,00 = 11,9999 → 12,00
    const figures = report.data.map(
      (row: { month: string; category: { name: string }; totalValue: string }) => [
        row.month,
        row.category.name,
        Number(row.totalValue),
      ],
    );
    expect(figures).toEqual([
      [a.key, 'A Sucos', 20],
      [a.key, 'B Sabões', 10],
      [b.key, 'A Sucos', 12],
      [b.key, 'B Sabões', 12],
      [c.key, 'A Sucos', 12],
      [c.key, 'B Sabões', 12],
    ]);
    expect(
      report.totals.map((t: { date: string; totalValue: string }) => [t.date, Number(t.totalValue)]),
    ).toEqual([
      [a.last, 30],
      [b.last, 24],
      [c.last, 24],
    ]);
    for (const total of report.totals as Array<{ date: string; month: string; totalValue: string }>) {
      const inventory = (await get(`/api/stock/inventory/v1?date=${total.date}`)).json();
      expect(total.totalValue).toBe(inventory.totalValue);
      const lines = inventory.data.map((line: { totalValue: string }) => Number(line.totalValue));
      const months = report.data.filter((row: { month: string }) => row.month === total.month);
      const byCategory = months.map((row: { totalValue: string }) => Number(row.totalValue));
      expect(byCategory.reduce((x: number, y: number) => x + y, 0)).toBeCloseTo(
        lines.reduce((x: number, y: number) => x + y, 0),
        4,
      );
    }
  });

  it('answers for one establishment or one location as the inventory of that place does', async () => {
    const [matriz] = (await get('/api/establishments/v1')).json();
    for (const where of [`establishmentId=${matriz.id}`, `locationId=${matriz.defaultLocationId}`]) {
      const report = (await get(`/api/reports/v1/stock-value?from=${a.key}&to=${b.key}&${where}`)).json();
      expect(report.establishment.id).toBe(matriz.id);
      for (const total of report.totals as Array<{ date: string; totalValue: string }>) {
        const inventory = (await get(`/api/stock/inventory/v1?date=${total.date}&${where}`)).json();
        expect(total.totalValue).toBe(inventory.totalValue);
      }
      expect(report.totals.map((t: { totalValue: string }) => Number(t.totalValue))).toEqual([30, 24]);
    }
    const unknown = await get(`/api/reports/v1/stock-value?from=${a.key}&to=${b.key}&locationId=999999`);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Depósito não encontrado.');
  });

  it('writes the report as csv and xlsx, a total line after each month', async () => {
    const csv = await get(`/api/reports/v1/stock-value?from=${a.key}&to=${a.key}&format=csv`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.replace('\uFEFF', '').trim().split('\r\n');
    expect(lines[0]).toBe('Mês;Data;Categoria;Valor em estoque');
    expect(lines.slice(1).map((line) => line.split(';')[2])).toEqual(['A Sucos', 'B Sabões', 'Total']);
    const xlsx = await get(`/api/reports/v1/stock-value?from=${a.key}&to=${b.key}&format=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as never);
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(7);
    expect(sheet.getRow(4).getCell(3).value).toBe('Total');
    expect(sheet.getRow(4).getCell(4).value).toBe(30);
  });

  it('refuses a reversed period, a future month and a malformed one, in Portuguese', async () => {
    const reversed = await get(`/api/reports/v1/stock-value?from=${c.key}&to=${a.key}`);
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().message).toBe('O mês inicial não pode ser posterior ao final.');
    const next = monthBack(-1).key;
    const future = await get(`/api/reports/v1/stock-value?from=${a.key}&to=${next}`);
    expect(future.statusCode).toBe(400);
    expect(future.json().message).toBe('O mês final não pode ser futuro.');
    const malformed = await get('/api/reports/v1/stock-value?from=2026-13&to=2026-01');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toContain('Mês inicial inválido');
  });
});

describe('ABC curve of exits', () => {
  const url = `/api/reports/v1/abc?from=${a.day(1)}&to=${a.last}`;
  it('ranks exits by value and classes each by where its cumulative share starts', async () => {
    const response = await get(url);
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json();
    // by hand: 700 + 150 + 100 + 50 = 1.000,00; shares 70, 15, 10, 5 %; the 50 starts at exactly 95 % → C
    const rows = report.data.map(
      (r: {
        product: { name: string };
        exitsValue: string;
        share: string;
        cumulativeShare: string;
        class: string;
      }) => [r.product.name, Number(r.exitsValue), r.share, r.cumulativeShare, r.class],
    );
    expect(rows).toEqual([
      ['Curva grande', 700, '70.00', '70.00', 'A'],
      ['Curva média', 150, '15.00', '85.00', 'A'],
      ['Curva B', 100, '10.00', '95.00', 'B'],
      ['Curva pequena', 50, '5.00', '100.00', 'C'],
    ]);
    expect(Number(report.exitsValue)).toBe(1000);
    expect(report.cutoffs).toEqual({ a: 80, b: 95 });
    expect(
      report.classes.map((k: { class: string; products: number; exitsValue: string }) => [
        k.class,
        k.products,
        Number(k.exitsValue),
      ]),
    ).toEqual([
      ['A', 2, 850],
      ['B', 1, 100],
      ['C', 1, 50],
    ]);
    expect(report.total).toBe(4);
  });

  it('pages the rows, keeps the totals of the period, and counts the exits of the period only', async () => {
    const page = (await get(`${url}&page=2&pageSize=2`)).json();
    expect(page.data.map((r: { product: { name: string } }) => r.product.name)).toEqual([
      'Curva B',
      'Curva pequena',
    ]);
    expect([page.total, page.totalPages, Number(page.exitsValue)]).toEqual([4, 2, 1000]);
    // month b holds only the juice's exit: 4 × 2,00
    const later = (await get(`/api/reports/v1/abc?from=${b.day(1)}&to=${b.last}`)).json();
    expect(
      later.data.map((r: { exitsValue: string; class: string }) => [Number(r.exitsValue), r.class]),
    ).toEqual([[8, 'A']]);
  });

  it('writes every row as csv and xlsx and refuses a reversed period', async () => {
    const csv = await get(`${url}&format=csv&pageSize=1`);
    expect(csv.statusCode, csv.body).toBe(200);
    const lines = csv.body.replace('\uFEFF', '').trim().split('\r\n');
    expect(lines[0]).toBe('Código;Produto;Saídas a custo;Participação (%);Participação acumulada (%);Classe');
    expect(lines.slice(1).map((line) => line.split(';').at(-1))).toEqual(['A', 'A', 'B', 'C']);
    const xlsx = await get(`${url}&format=xlsx`);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as never);
    expect(book.worksheets[0]!.getRow(2).getCell(3).value).toBe(700);
    const reversed = await get(`/api/reports/v1/abc?from=${a.last}&to=${a.day(1)}`);
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().message).toBe('A data inicial não pode ser posterior à final.');
  });
});

describe('coverage and turnover', () => {
  // a period that starts the day after the soap's first entry: it opens with juice 20,00 and soap 10,00
  const days = Math.round((Date.parse(today) - Date.parse(a.day(15))) / 86_400_000);
  it('divides the balance by the exit rate of the last N days, and the exits at cost by the average value', async () => {
    const response = await get(`/api/reports/v1/coverage?days=${days}`);
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json();
    expect([report.from, report.to, report.days, report.total]).toEqual([a.day(16), today, days, 2]);
    const [soap, juice] = report.data;
    // by hand: soap has no exit → no coverage ("sem saída"); turnover 0 ÷ ((10 + 12) ÷ 2) = 0
    expect(soap).toMatchObject({ product: { name: 'Sabão em barra' }, coverageDays: null, turnover: '0.00' });
    expect([soap.quantity, soap.openingValue, soap.closingValue].map(Number)).toEqual([5, 10, 12]);
    // juice: 6 ÷ (4 ÷ N) = 1,5 N days; turnover 8 ÷ ((20 + 12) ÷ 2) = 0,5
    expect(juice).toMatchObject({ product: { name: 'Suco de uva' }, turnover: '0.50' });
    expect(juice.coverageDays).toBe((1.5 * days).toFixed(1));
    expect(Number(juice.dailyRate)).toBe(Math.round(4000 / days) / 1000);
    expect(
      [juice.quantity, juice.exitsQuantity, juice.exitsValue, juice.openingValue, juice.closingValue].map(
        Number,
      ),
    ).toEqual([6, 4, 8, 20, 12]);
  });

  it('writes the rows as csv, "sem saída" where there is no exit, and refuses a bad number of days', async () => {
    const csv = await get(`/api/reports/v1/coverage?days=${days}&format=csv`);
    expect(csv.statusCode, csv.body).toBe(200);
    const lines = csv.body.replace('\uFEFF', '').trim().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[1]!.split(';')[6]).toBe('sem saída');
    const refused = await get('/api/reports/v1/coverage?days=0');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('O número de dias deve ser no mínimo 1.');
  });
});

describe('dead stock', () => {
  // a window that starts the day after the juice's only exit: both products are dead; one day longer, the juice is not
  const days = Math.round((Date.parse(today) - Date.parse(b.day(5))) / 86_400_000);
  it('lists own stock without an exit in the last N days, its last exit and value, the largest first', async () => {
    const response = await get(`/api/reports/v1/dead-stock?days=${days}`);
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json();
    expect([report.from, report.days, report.total, Number(report.totalValue)]).toEqual([
      b.day(6),
      days,
      2,
      24,
    ]);
    const rows = report.data.map(
      (r: { product: { name: string }; quantity: string; lastExitOn: string | null; totalValue: string }) => [
        r.product.name,
        Number(r.quantity),
        r.lastExitOn,
        Number(r.totalValue),
      ],
    );
    expect(rows).toEqual([
      ['Sabão em barra', 5, null, 12],
      ['Suco de uva', 6, b.day(5), 12],
    ]);
    const longer = (await get(`/api/reports/v1/dead-stock?days=${days + 1}`)).json();
    expect(longer.data.map((r: { product: { name: string } }) => r.product.name)).toEqual(['Sabão em barra']);
  });

  it('writes the rows as xlsx', async () => {
    const xlsx = await get(`/api/reports/v1/dead-stock?days=${days}&format=xlsx`);
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as never);
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(3);
    expect(sheet.getRow(1).getCell(5).value).toBe('Última saída');
    expect(sheet.getRow(3).getCell(6).value).toBe(12);
  });
});

describe('reorder suggestions', () => {
  const days = Math.round((Date.parse(today) - Date.parse(a.day(15))) / 86_400_000);
  const call = (method: 'POST' | 'PATCH', url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

  it("keeps a supplier's lead time, from 0 to 365 days", async () => {
    const supplier = await createSupplier(ctx.app, cookie, { leadTimeDays: 5 });
    expect(supplier.leadTimeDays).toBe(5);
    const edited = await call('PATCH', `/api/suppliers/v1/${supplier.id}`, { leadTimeDays: 2 * days });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().leadTimeDays).toBe(2 * days);
    const refused = await call('PATCH', `/api/suppliers/v1/${supplier.id}`, { leadTimeDays: 366 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('O prazo de entrega deve ser no máximo 365 dias.');
    expect((await createSupplier(ctx.app, cookie)).leadTimeDays).toBe(0);
  });

  it('suggests minimum + exit rate × lead time − balance under the link with the shortest lead time', async () => {
    const near = await createSupplier(ctx.app, cookie, {
      name: 'Distribuidora Perto',
      leadTimeDays: 2 * days,
    });
    const far = await createSupplier(ctx.app, cookie, {
      name: 'Distribuidora Longe',
      leadTimeDays: 3 * days,
    });
    for (const supplier of [near, far]) {
      for (const productId of [juiceId, soapId]) {
        const linked = await call('POST', `/api/suppliers/v1/${supplier.id}/products/v1/${productId}`);
        expect(linked.statusCode, linked.body).toBe(204);
      }
    }
    const response = await get(`/api/reports/v1/reorder?days=${days}`);
    expect(response.statusCode, response.body).toBe(200);
    // by hand: juice sold 4 in N days, lead time 2N → 0 + 4 ÷ N × 2N − 6 = 2; soap sold nothing and has no minimum
    const rows = response.json().data;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      supplier: { id: near.id, name: 'Distribuidora Perto', leadTimeDays: 2 * days },
      product: { id: juiceId },
    });
    expect([rows[0].quantity, rows[0].minStock, rows[0].suggestedQuantity].map(Number)).toEqual([6, 0, 2]);
    const none = (await get(`/api/reports/v1/reorder?days=${days}&supplierId=${far.id}`)).json();
    expect(none.total).toBe(0);
    const csv = await get(`/api/reports/v1/reorder?days=${days}&format=csv`);
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.replace('\uFEFF', '').trim().split('\r\n');
    expect(lines[0]!.split(';').at(-1)).toBe('Quantidade a comprar');
    expect(lines.slice(1).map((line) => [line.split(';')[0], line.split(';').at(-1)])).toEqual([
      ['Distribuidora Perto', '2'],
    ]);
  });
});
