import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildNfe, type NfeTestItem, type NfeTestOptions } from '../../../../test-support/nfe-builder.ts';
import { buildTestApp, signUpAndLogin, type TestContext } from '../helper.ts';
import { cnpjFor, createProduct, defaultUnityId, unique } from '../factories.ts';
import { assertLedgerInvariant } from '../invariants.ts';
import { importNfe, previewNfe, setBusiness, TEST_BUSINESS_DOCUMENT } from '../nfe-upload.ts';

// Every effect of DESIGN.md §6.2 posted from notes the tests build and sign, with figures computed by hand: own stock,
// a third party's goods with us (held) and ours with a third party (sent), per participant; the inventory, the
// stock list, the kardex and Bloco H (IND_PROP, COD_PART, 0150) read them apart.

let ctx: TestContext;
let cookie: string;

beforeAll(async () => {
  ctx = await buildTestApp();
  cookie = await signUpAndLogin(ctx.app, 'admin@posicoes.com.br', 'Paula Posições');
  await setBusiness(ctx.app, cookie);
});
afterAll(async () => {
  await assertLedgerInvariant(ctx.handle.db);
  await ctx.close();
});

const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: { cookie } });

const supplier = { cnpj: cnpjFor(unique() + 8100), name: 'Atacado Posições Ltda' };
const customer = { cnpj: cnpjFor(unique() + 8200), name: 'Cliente Devolve Ltda' };
const repairer = { cnpj: cnpjFor(unique() + 8300), name: 'Oficina Conserta Ltda' };
const us = { cnpj: TEST_BUSINESS_DOCUMENT, name: 'Mercearia Boa Vista' };

let product: { id: number; unity: number; sku: string };

/** A note from `from` to `to` with one item of the product; `options` as the builder takes them. */
function note(
  from: { cnpj: string; name: string },
  to: { cnpj: string; name: string },
  item: Omit<NfeTestItem, 'code' | 'description'>,
  options: Partial<NfeTestOptions> = {},
) {
  return buildNfe({
    items: [{ code: product.sku, description: 'Filtro de café', ...item }],
    emitter: { cnpj: from.cnpj, name: from.name },
    destination: { cnpj: to.cnpj, name: to.name },
    number: String(unique()),
    // issued on the first day: every entry below is dated on or after it
    issuedAt: '2026-09-01T08:00:00-03:00',
    ...options,
  });
}

async function post(xml: string, occurredOn: string) {
  const response = await importNfe(ctx.app, cookie, xml, {
    occurredOn,
    items: [{ item: 1, productId: product.id, productUnityId: product.unity }],
  });
  if (response.statusCode !== 201) throw new Error(`${response.statusCode} ${response.body}`);
  return response.json() as { id: number; totalCost: string };
}

const own = async () => {
  const body = (await get(`/api/products/v1/${product.id}`)).json();
  return { quantity: body.stock.quantity as string, totalValue: body.stock.totalValue as string };
};

describe('positions by effect', () => {
  let saleKey: string;

  beforeAll(async () => {
    const created = await createProduct(ctx.app, cookie, { ncm: '84219999' });
    product = {
      id: created.id as number,
      sku: created.sku as string,
      unity: await defaultUnityId(ctx.app, cookie, created.id),
    };
  });

  it('buys, sells on our own note, and takes a return back at the cost the sale left at', async () => {
    await post(note(supplier, us, { quantity: '10.0000', total: '100.00', cfop: '5102' }).xml, '2026-09-01');
    expect(await own()).toEqual({ quantity: '10.000', totalValue: '100.0000' });

    // our sale: matched by its SKU, read as a sale, leaving at the average (4 × 10,00)
    const sale = note(us, customer, { quantity: '4.0000', total: '80.00', cfop: '5102' });
    saleKey = sale.key;
    const preview = (await previewNfe(ctx.app, cookie, sale.xml)).json();
    expect(preview.side).toBe('issued');
    expect(preview.supplier).toMatchObject({ document: customer.cnpj, name: customer.name });
    expect(preview.items[0]).toMatchObject({ effect: 'sale', match: { productId: product.id } });
    expect((await post(sale.xml, '2026-09-02')).totalCost).toBe('40.0000');
    expect(await own()).toEqual({ quantity: '6.000', totalValue: '60.0000' });

    await post(note(supplier, us, { quantity: '2.0000', total: '40.00', cfop: '5102' }).xml, '2026-09-03');
    expect(await own()).toEqual({ quantity: '8.000', totalValue: '100.0000' }); // average 12,50

    // the customer's return naming our sale: back at 10,00 (what the sale left at), not at the 12,50 average
    const back = note(
      customer,
      us,
      { quantity: '1.0000', total: '20.00', cfop: '5202' },
      { references: [saleKey] },
    );
    const backPreview = (await previewNfe(ctx.app, cookie, back.xml)).json();
    expect(backPreview.items[0].effect).toBe('sale_return');
    expect(backPreview.warnings).toEqual([]);
    expect((await post(back.xml, '2026-09-04')).totalCost).toBe('10.0000');
    expect(await own()).toEqual({ quantity: '9.000', totalValue: '110.0000' });

    // a return naming no imported note: at the average at that date, 110,00 ÷ 9 = 12,2222
    const loose = note(customer, us, { quantity: '1.0000', total: '20.00', cfop: '6202' });
    expect((await previewNfe(ctx.app, cookie, loose.xml)).json().warnings).toEqual([
      'A nota devolvida não foi importada (a nota não referencia nenhuma): o item 1 volta ao estoque pelo custo médio da data, não pelo custo da saída original.',
    ]);
    expect((await post(loose.xml, '2026-09-04')).totalCost).toBe('12.2222');
    expect(await own()).toEqual({ quantity: '10.000', totalValue: '122.2222' });
  });

  it('returns a purchase to the supplier at the average on our own note', async () => {
    const giveBack = note(
      us,
      supplier,
      { quantity: '1.0000', total: '12.00', cfop: '5202' },
      { finNFe: '4' },
    );
    expect((await post(giveBack.xml, '2026-09-05')).totalCost).toBe('12.2222');
    expect(await own()).toEqual({ quantity: '9.000', totalValue: '110.0000' });
  });

  it('keeps consigned goods apart from ours, per participant, and sends ours out for repair at their cost', async () => {
    // 5 UN on consignment: the supplier's, at its note's value, never in our stock or value
    const consigned = note(supplier, us, { quantity: '5.0000', total: '75.00', cfop: '5917' });
    expect((await previewNfe(ctx.app, cookie, consigned.xml)).json().items[0]).toMatchObject({
      effect: 'held_in',
      position: 'held',
    });
    await post(consigned.xml, '2026-09-06');
    expect(await own()).toEqual({ quantity: '9.000', totalValue: '110.0000' });
    // 2 of them go back on our 5.918
    await post(note(us, supplier, { quantity: '2.0000', total: '30.00', cfop: '5918' }).xml, '2026-09-07');
    // 2 of ours go to the repairer on our 5.915: out of own stock at 110,00 × 2 ÷ 9 = 24,4444, still ours
    const repair = note(us, repairer, { quantity: '2.0000', total: '40.00', cfop: '5915' });
    expect((await post(repair.xml, '2026-09-08')).totalCost).toBe('24.4444');
    expect(await own()).toEqual({ quantity: '7.000', totalValue: '85.5556' });

    const list = (await get(`/api/stock/v1?q=${encodeURIComponent(product.sku)}`)).json();
    expect(list.data[0]).toMatchObject({ quantity: '7.000', sentQuantity: '2.000', heldQuantity: '3.000' });

    const inventory = (await get('/api/stock/inventory/v1?date=2026-09-08')).json();
    const rows = inventory.data.filter((row: { product: { id: number } }) => row.product.id === product.id);
    expect(rows).toEqual([
      expect.objectContaining({
        position: 'own',
        participant: null,
        quantity: '7.000',
        totalValue: '85.5600',
      }),
      expect.objectContaining({
        position: 'sent',
        participant: expect.objectContaining({ document: repairer.cnpj, name: repairer.name }),
        quantity: '2.000',
        totalValue: '24.4400',
      }),
      expect.objectContaining({
        position: 'held',
        participant: expect.objectContaining({ document: supplier.cnpj }),
        quantity: '3.000',
        totalValue: '45.0000',
      }),
    ]);

    const sped = await get('/api/stock/inventory/v1/sped?date=2026-09-08&reason=01');
    expect(sped.statusCode).toBe(200);
    const lines = sped.body.split('\r\n');
    const h010 = lines.filter((line) => line.startsWith(`|H010|${product.sku}|`));
    expect(h010).toEqual([
      `|H010|${product.sku}|UN|7,000|12,222229|85,56|0||||85,56|`,
      `|H010|${product.sku}|UN|2,000|12,222200|24,44|1|${repairer.cnpj}|||24,44|`,
      `|H010|${product.sku}|UN|3,000|15,000000|45,00|2|${supplier.cnpj}|||45,00|`,
    ]);
    const parts = lines.filter((line) => line.startsWith('|0150|'));
    expect(parts).toContain(
      `|0150|${repairer.cnpj}|${repairer.name}|01058|${repairer.cnpj}||` +
        '|3304557||Avenida Brasil|200||Centro|',
    );
    expect(parts.some((line) => line.startsWith(`|0150|${supplier.cnpj}|`))).toBe(true);
    expect(lines.find((line) => line.startsWith('|H005|'))).toBe('|H005|08092026|155,00|01|');

    // the book lists ours with the repairer and the supplier's with us apart, the latter outside the total
    const xlsx = await get('/api/stock/inventory/v1/book?date=2026-09-08&format=xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const cells: unknown[] = [];
    workbook.worksheets[0]?.eachRow((row) => cells.push(...(row.values as unknown[])));
    expect(cells).toContain('Mercadorias próprias em poder de terceiros');
    expect(cells).toContain('Mercadorias de terceiros em poder da empresa');
    expect(cells).toContain('Total de mercadorias de terceiros (não incluído no total geral)');
    expect(cells.some((cell) => String(cell).includes(`Em poder de ${repairer.name}`))).toBe(true);
    expect(inventory).toMatchObject({ totalValue: '110.0000', heldValue: '45.0000' });
  });

  it('takes ours back from the repairer at the cost they left at, and gives a bonificação at the average', async () => {
    await post(note(repairer, us, { quantity: '2.0000', total: '40.00', cfop: '5916' }).xml, '2026-09-09');
    expect(await own()).toEqual({ quantity: '9.000', totalValue: '110.0000' });
    const list = (await get(`/api/stock/v1?q=${encodeURIComponent(product.sku)}`)).json();
    expect(list.data[0]).toMatchObject({ sentQuantity: '0.000', heldQuantity: '3.000' });

    expect(
      (await post(note(us, customer, { quantity: '1.0000', total: '1.00', cfop: '5910' }).xml, '2026-09-10'))
        .totalCost,
    ).toBe('12.2222');
    expect(await own()).toEqual({ quantity: '8.000', totalValue: '97.7778' });
  });

  it('never lets a third party position go below zero, naming whose goods', async () => {
    const tooMany = note(us, supplier, { quantity: '4.0000', total: '60.00', cfop: '5918' });
    const refused = await importNfe(ctx.app, cookie, tooMany.xml, {
      occurredOn: '2026-09-11',
      items: [{ item: 1, productId: product.id, productUnityId: product.unity }],
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('INSUFFICIENT_STOCK');
    expect(refused.json().message).toContain(`de terceiro em nosso poder (${supplier.name})`);
  });

  it('keeps the kardex and the integrity check to own stock and each position', async () => {
    const kardex = (await get(`/api/products/v1/${product.id}/kardex?from=2026-09-01&to=2026-09-30`)).json();
    // purchases, sale, purchase, two returns, purchase return, repair out and back, bonificação: no consigned rows
    expect(kardex.data).toHaveLength(9);
    expect(kardex.closing).toMatchObject({ quantity: '8.000', totalValue: '97.7778' });
    const integrity = (await get('/api/stock/v1/integrity')).json();
    expect(integrity).toMatchObject({ ok: true, mismatches: [] });
  });
});

describe('undoing, complements and racing', () => {
  async function freshProduct(name: string) {
    const created = await createProduct(ctx.app, cookie, { name: `${name} ${unique()}` });
    product = {
      id: created.id as number,
      sku: created.sku as string,
      unity: await defaultUnityId(ctx.app, cookie, created.id),
    };
    return product;
  }

  it('undoing a note that sent goods out brings them back to own stock and empties the position', async () => {
    await freshProduct('Serra');
    await post(note(supplier, us, { quantity: '4.0000', total: '40.00', cfop: '5102' }).xml, '2026-09-01');
    const sent = await post(
      note(us, repairer, { quantity: '1.0000', total: '10.00', cfop: '5915' }).xml,
      '2026-09-02',
    );
    expect(await own()).toEqual({ quantity: '3.000', totalValue: '30.0000' });
    const undone = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/stock/nfe/v1/${sent.id}`,
      headers: { cookie },
    });
    expect(undone.statusCode).toBe(204);
    expect(await own()).toEqual({ quantity: '4.000', totalValue: '40.0000' });
    const list = (await get(`/api/stock/v1?q=${encodeURIComponent(product.sku)}`)).json();
    expect(list.data[0]).toMatchObject({ sentQuantity: '0.000', heldQuantity: '0.000' });
  });

  it("a supplier's price complement adds value to what is still in stock of the note it completes", async () => {
    await freshProduct('Cimento');
    const bought = note(supplier, us, { quantity: '10.0000', total: '100.00', cfop: '5102' });
    await post(bought.xml, '2026-09-01');
    await post(note(us, customer, { quantity: '5.0000', total: '90.00', cfop: '5102' }).xml, '2026-09-02');
    // R$ 20,00 more for the 10 bought: 5 of them are still here, so R$ 10,00 enters the stock (5 × 12,00 = 60,00)
    const complement = note(
      supplier,
      us,
      { quantity: '1.0000', total: '20.00', cfop: '5102' },
      { finNFe: '2', references: [bought.key] },
    );
    expect((await previewNfe(ctx.app, cookie, complement.xml)).json().items[0].effect).toBe('none');
    const imported = await importNfe(ctx.app, cookie, complement.xml, {
      occurredOn: '2026-09-03',
      items: [],
    });
    expect(imported.statusCode).toBe(201);
    expect(imported.json()).toMatchObject({ entries: 0, totalCost: '10.0000' });
    expect(await own()).toEqual({ quantity: '5.000', totalValue: '60.0000' });
    const detail = (await get(`/api/stock/nfe/v1/${imported.json().id}`)).json();
    expect(detail.ledger).toEqual([
      expect.objectContaining({ direction: 'in', baseQuantity: '0.000', totalCost: '10.0000' }),
    ]);
  });

  it('sending out and taking back at once keep one lock order: both end, and the figures replay', async () => {
    await freshProduct('Furadeira');
    await post(note(supplier, us, { quantity: '10.0000', total: '100.00', cfop: '5102' }).xml, '2026-09-01');
    await post(note(us, repairer, { quantity: '4.0000', total: '40.00', cfop: '5915' }).xml, '2026-09-02');
    const out = note(us, repairer, { quantity: '2.0000', total: '20.00', cfop: '5915' });
    const back = note(repairer, us, { quantity: '2.0000', total: '20.00', cfop: '5916' });
    const data = {
      occurredOn: '2026-09-03',
      items: [{ item: 1, productId: product.id, productUnityId: product.unity }],
    };
    const answers = await Promise.all([
      importNfe(ctx.app, cookie, out.xml, data),
      importNfe(ctx.app, cookie, back.xml, data),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201]);
    expect(await own()).toEqual({ quantity: '6.000', totalValue: '60.0000' });
    expect((await get('/api/stock/v1/integrity')).json()).toMatchObject({ ok: true });
  });
});
