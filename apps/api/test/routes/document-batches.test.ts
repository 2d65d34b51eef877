import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildCancellation,
  buildNfe,
  manyItems,
  type NfeTestItem,
  type NfeTestOptions,
} from '../../../../test-support/nfe-builder.ts';
import { buildTestApp, signUpAndLogin, type TestContext } from '../helper.ts';
import { cnpjFor, createCategory, createProduct, defaultUnityId, unique, unityId } from '../factories.ts';
import { assertLedgerInvariant } from '../invariants.ts';
import { setBusiness, TEST_BUSINESS_DOCUMENT } from '../nfe-upload.ts';
import { importBatch, previewBatch, zipOf, type UploadFile } from '../document-upload.ts';

// A month of documents in one go (DESIGN.md §6.4): a generated month — a supplier's NF-e, our NFC-e and our NF-e of
// sale, a customer's return, a cancellation of a note in the upload and one of a note imported before — posted from
// one .zip, every balance, value and kardex row checked against figures computed by hand; the same files again
// post nothing; a batch that would take a date below zero is refused whole; undo restores every figure.

let ctx: TestContext;
let cookie: string;

beforeAll(async () => {
  ctx = await buildTestApp();
  cookie = await signUpAndLogin(ctx.app, 'admin@lote.com.br', 'Lúcia Lote');
  await setBusiness(ctx.app, cookie);
});
afterAll(async () => {
  await assertLedgerInvariant(ctx.handle.db);
  await ctx.close();
});

const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: { cookie } });
const us = { cnpj: TEST_BUSINESS_DOCUMENT, name: 'Mercearia Boa Vista' };
const supplier = { cnpj: cnpjFor(unique() + 9100), name: 'Atacado do Mês Ltda' };
const customer = { cnpj: cnpjFor(unique() + 9200), name: 'Cliente Empresa Ltda' };

function note(
  from: { cnpj: string; name: string },
  items: NfeTestItem[],
  issuedAt: string,
  options: Partial<NfeTestOptions> = {},
) {
  const built = buildNfe({
    items,
    emitter: { cnpj: from.cnpj, name: from.name },
    number: String(unique()),
    issuedAt,
    ...options,
  });
  return {
    ...built,
    file: { name: `${options.model === '65' ? 'NFCe' : 'NFe'}${built.key}.xml`, content: built.xml },
  };
}

const nfce = (items: NfeTestItem[], issuedAt: string) =>
  note(us, items, issuedAt, { model: '65', destination: null });

const stockOf = async (id: number) => {
  const body = (await get(`/api/products/v1/${id}`)).json();
  return { quantity: body.stock.quantity as string, value: body.stock.totalValue as string };
};

const kardexOf = async (id: number) => {
  const body = (await get(`/api/products/v1/${id}/kardex?from=2026-09-01&to=2026-09-30`)).json();
  return (body.data as Array<Record<string, string>>).map((row) => ({
    on: row.occurredOn,
    direction: row.direction,
    quantity: row.quantity,
    cost: row.totalCost,
    balance: row.balanceQuantity,
    value: row.balanceValue,
    document: row.document,
  }));
};

describe('a month of documents', () => {
  let coffee: { id: number; sku: string; unity: number };
  let categoryId: number;
  let baseUnityId: number;
  let earlier: ReturnType<typeof note>;
  let month: UploadFile;
  let batchId: number;
  const keys: Record<string, string> = {};
  /** the received note's XML as its file holds it */
  let purchaseXml: string | Uint8Array = '';
  const sugarSku = `ACU-${unique()}`;

  beforeAll(async () => {
    const created = await createProduct(ctx.app, cookie, { name: 'Café torrado 500 g' });
    coffee = { id: created.id, sku: created.sku, unity: await defaultUnityId(ctx.app, cookie, created.id) };
    categoryId = (await createCategory(ctx.app, cookie)).id;
    baseUnityId = await unityId(ctx.app, cookie, 'UN');
    // an earlier batch: 5 coffees at R$ 55,00 from the supplier (cancelled by an event of the month's upload)
    earlier = note(
      supplier,
      [{ code: 'AT-CAFE', description: 'CAFE TORRADO 500G', quantity: '5.0000', total: '55.00' }],
      '2026-09-01T07:00:00-03:00',
      { destination: { cnpj: us.cnpj, name: us.name } },
    );
    const first = await importBatch(ctx.app, cookie, [earlier.file], {
      mappings: [
        {
          issuer: supplier.cnpj,
          code: 'AT-CAFE',
          unit: 'UN',
          productId: coffee.id,
          productUnityId: coffee.unity,
        },
      ],
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(await stockOf(coffee.id)).toEqual({ quantity: '5.000', value: '55.0000' });
  });

  it('previews the month: statuses, the unmatched code once with its count, totals per effect', async () => {
    const purchase = note(
      supplier,
      [
        { code: 'AT-CAFE', description: 'CAFE TORRADO 500G', quantity: '10.0000', total: '100.00' },
        { code: 'AT-ACUC', description: 'ACUCAR 1KG', quantity: '20.0000', total: '60.00' },
      ],
      '2026-09-01T08:00:00-03:00',
      { destination: { cnpj: us.cnpj, name: us.name } },
    );
    const sale1 = nfce(
      [{ code: coffee.sku, description: 'Café', quantity: '3.0000', total: '45.00' }],
      '2026-09-02T10:00:00-03:00',
    );
    const sale2 = nfce(
      [{ code: sugarSku, description: 'Açúcar', quantity: '5.0000', total: '25.00' }],
      '2026-09-02T09:00:00-03:00',
    );
    const sale3 = nfce(
      [{ code: coffee.sku, description: 'Café', quantity: '2.0000', total: '30.00' }],
      '2026-09-03T11:00:00-03:00',
    );
    const companySale = note(
      us,
      [{ code: coffee.sku, description: 'Café', quantity: '1.0000', total: '15.00' }],
      '2026-09-04T14:00:00-03:00',
      { destination: { cnpj: customer.cnpj, name: customer.name } },
    );
    const giveBack = note(
      us,
      [{ code: coffee.sku, description: 'Café', quantity: '1.0000', total: '15.00', cfop: '1202' }],
      '2026-09-05T09:00:00-03:00',
      {
        tpNF: '0',
        finNFe: '4',
        references: [sale1.key],
        destination: { cnpj: customer.cnpj, name: customer.name },
      },
    );
    purchaseXml = purchase.file.content;
    Object.assign(keys, { purchase: purchase.key, sale1: sale1.key, sale2: sale2.key, sale3: sale3.key });
    month = zipOf([
      purchase.file,
      sale1.file,
      sale2.file,
      sale3.file,
      companySale.file,
      giveBack.file,
      {
        name: 'cancelamento-nfce.xml',
        content: buildCancellation({ key: sale3.key, registeredAt: '2026-09-03T11:10:00-03:00' }),
      },
      {
        name: 'cancelamento-anterior.xml',
        content: buildCancellation({ key: earlier.key, registeredAt: '2026-09-06T10:00:00-03:00' }),
      },
      { name: 'DANFE.pdf', content: '%PDF-1.4' },
    ]);
    const response = await previewBatch(ctx.app, cookie, [month]);
    expect(response.statusCode, response.body).toBe(200);
    const preview = response.json();
    expect(preview.counts).toEqual({ new: 7, cancelled: 1 });
    const byKey = new Map(
      preview.documents
        .filter((d: { kind: string }) => d.kind === 'note')
        .map((d: { accessKey: string }) => [d.accessKey, d]),
    );
    expect(byKey.get(sale3.key)).toMatchObject({ status: 'cancelled', model: '65', direction: 'issued' });
    expect(byKey.get(sale1.key)).toMatchObject({
      status: 'new',
      participant: { name: 'Consumidor final (NFC-e)' },
      items: [{ effect: 'sale', product: { id: coffee.id }, value: '33.0000' }],
    });
    const cancelEarlier = preview.documents.find(
      (d: { kind: string; accessKey: string }) => d.kind === 'event' && d.accessKey === earlier.key,
    );
    expect(cancelEarlier).toMatchObject({
      status: 'new',
      cancels: { document: expect.stringContaining('NF-e') },
    });
    // the supplier's two codes (coffee is learned from the earlier batch) and our own code no product has
    expect(preview.unmatched).toEqual([
      expect.objectContaining({
        issuer: supplier.cnpj,
        code: 'AT-ACUC',
        unit: 'UN',
        occurrences: 1,
        quantity: '20.000',
      }),
      expect.objectContaining({ issuer: us.cnpj, code: sugarSku, unit: 'UN', occurrences: 1 }),
    ]);
    const totals = Object.fromEntries(preview.totals.map((t: { effect: string }) => [t.effect, t]));
    expect(totals.purchase).toEqual({ effect: 'purchase', quantity: '30.000', value: '160.0000' });
    expect(totals.sale_return).toMatchObject({ quantity: '1.000' });
  });

  it('posts the month in date order: every balance, value and kardex row as computed by hand', async () => {
    // no product chosen for the supplier's sugar: refused naming the first note in date order, nothing written
    const response = await importBatch(ctx.app, cookie, [month]);
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().message).toMatch(/^NF-e .*em 01\/09\/2026: .*Sem produto: item 2/);
    expect(await stockOf(coffee.id)).toEqual({ quantity: '5.000', value: '55.0000' });
    // the sugar created from the supplier's code, with the SKU our own NFC-e already names it by
    const create = { sku: sugarSku, name: 'Açúcar 1 kg', categoryId, baseUnityId };
    const retry = await importBatch(ctx.app, cookie, [month], {
      mappings: [{ issuer: supplier.cnpj, code: 'AT-ACUC', unit: 'UN', create }],
    });
    expect(retry.statusCode, retry.body).toBe(201);
    const result = retry.json();
    batchId = result.id;
    expect(result).toMatchObject({ posted: 5, skipped: 1, undone: 1 });
    // the note's XML stored byte for byte as the .zip held it (kept deflated until stored)
    const receipt = await ctx.handle.db
      .selectFrom('nfe_receipts')
      .select('id')
      .where('access_key', '=', keys.purchase ?? '')
      .executeTakeFirstOrThrow();
    const xml = await ctx.app.inject({
      method: 'GET',
      url: `/api/stock/nfe/v1/${receipt.id}/xml`,
      headers: { cookie },
    });
    expect(xml.statusCode).toBe(200);
    expect(xml.rawPayload.equals(Buffer.from(purchaseXml))).toBe(true);
    // coffee: +10 (100,00) on 1/9; −3 on 2/9 at 10,00; −1 on 4/9; +1 back on 5/9 at the 10,00 the sale left at
    expect(await stockOf(coffee.id)).toEqual({ quantity: '7.000', value: '70.0000' });
    const rows = (await kardexOf(coffee.id)).filter((r) => !r.document?.includes(earlier.key));
    expect(
      rows.map(({ on, direction, quantity, cost, balance, value }) => ({
        on,
        direction,
        quantity,
        cost,
        balance,
        value,
      })),
    ).toEqual([
      {
        on: '2026-09-01',
        direction: 'in',
        quantity: '10.000',
        cost: '100.0000',
        balance: '10.000',
        value: '100.0000',
      },
      {
        on: '2026-09-02',
        direction: 'out',
        quantity: '3.000',
        cost: '30.0000',
        balance: '7.000',
        value: '70.0000',
      },
      {
        on: '2026-09-04',
        direction: 'out',
        quantity: '1.000',
        cost: '10.0000',
        balance: '6.000',
        value: '60.0000',
      },
      {
        on: '2026-09-05',
        direction: 'in',
        quantity: '1.000',
        cost: '10.0000',
        balance: '7.000',
        value: '70.0000',
      },
    ]);
    expect(rows[1]?.document).toMatch(/^NFC-e /);
    const list = (await get('/api/stock/documents/v1')).json();
    expect(list.data[0]).toMatchObject({ id: batchId, posted: 5, skipped: 1, cancelled: 2 });
    const detail = (await get(`/api/stock/documents/v1/${batchId}`)).json();
    expect(detail.receipts).toHaveLength(5);
    // each receipt's cost as the pipeline posted it: the sale of 3 coffees left at 10,00 each
    const sale = detail.receipts.find((r: { accessKey: string }) => r.accessKey === keys.sale1);
    expect(sale).toMatchObject({ document: expect.stringMatching(/^NFC-e /), totalCost: '30.0000' });
    expect(detail.skippedDocuments).toEqual([
      expect.objectContaining({ accessKey: keys.sale3, status: 'cancelled' }),
    ]);
  });

  it('takes the same files again as already imported (the cancelled note stays cancelled) and posts nothing', async () => {
    const again = await importBatch(ctx.app, cookie, [month]);
    expect(again.statusCode, again.body).toBe(200);
    const body = again.json();
    expect(body.id).toBeNull();
    expect(body.documents.map((d: { status: string }) => d.status).sort()).toEqual(
      [...Array(7).fill('already-imported'), 'cancelled'].sort(),
    );
    expect(await stockOf(coffee.id)).toEqual({ quantity: '7.000', value: '70.0000' });
  });

  it('refuses a batch that would take a date below zero, naming the first document, and writes nothing', async () => {
    const tooMuch = nfce(
      [{ code: coffee.sku, description: 'Café', quantity: '50.0000', total: '750.00' }],
      '2026-09-07T10:00:00-03:00',
    );
    const later = nfce(
      [{ code: coffee.sku, description: 'Café', quantity: '60.0000', total: '900.00' }],
      '2026-09-08T10:00:00-03:00',
    );
    const response = await importBatch(ctx.app, cookie, [later.file, tooMuch.file]);
    expect(response.statusCode, response.body).toBe(409);
    const error = response.json();
    expect(error.code).toBe('INSUFFICIENT_STOCK');
    expect(error.message).toContain(`chave ${tooMuch.key}`);
    expect(error.message).toContain('item 1');
    expect(error.message).toContain('07/09/2026');
    const list = (await get('/api/stock/documents/v1')).json();
    expect(list.data[0].id).toBe(batchId);
    expect(await stockOf(coffee.id)).toEqual({ quantity: '7.000', value: '70.0000' });
  });

  it('undoes the batch as a whole, every figure back to what it was before it', async () => {
    const undo = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/stock/documents/v1/${batchId}`,
      headers: { cookie },
    });
    expect(undo.statusCode, undo.body).toBe(204);
    expect(await stockOf(coffee.id)).toEqual({ quantity: '5.000', value: '55.0000' });
    const twice = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/stock/documents/v1/${batchId}`,
      headers: { cookie },
    });
    expect(twice.statusCode).toBe(409);
  });

  it('learns the codes of our own notes that are not a SKU: the next upload matches them', async () => {
    const item = { code: 'CAFE-BALCAO', description: 'Café', quantity: '1.0000', total: '15.00' };
    const first = nfce([item], '2026-09-10T10:00:00-03:00');
    const mapping = {
      issuer: us.cnpj,
      code: 'CAFE-BALCAO',
      unit: 'UN',
      productId: coffee.id,
      productUnityId: coffee.unity,
    };
    const posted = await importBatch(ctx.app, cookie, [first.file], { mappings: [mapping] });
    expect(posted.statusCode, posted.body).toBe(201);
    const next = nfce([item], '2026-09-11T10:00:00-03:00');
    const preview = (await previewBatch(ctx.app, cookie, [next.file])).json();
    expect(preview.unmatched).toEqual([]);
    expect(preview.documents[0].items[0].product).toMatchObject({ id: coffee.id });
  });

  it('undoes a batch of more rows than one cancelling group, exits first, back to every figure', async () => {
    const before = await stockOf(coffee.id);
    const items = manyItems(600, 'LOTE').map((item) => ({ ...item, quantity: '1.0000', total: '2.00' }));
    const purchase = note(supplier, items, '2026-09-12T08:00:00-03:00', {
      destination: { cnpj: us.cnpj, name: us.name },
    });
    const sale = nfce(
      [{ code: coffee.sku, description: 'Café', quantity: '550.0000', total: '99.00' }],
      '2026-09-13T10:00:00-03:00',
    );
    const mappings = items.map((item) => ({
      issuer: supplier.cnpj,
      code: item.code,
      unit: 'UN',
      productId: coffee.id,
      productUnityId: coffee.unity,
    }));
    const posted = await importBatch(ctx.app, cookie, [purchase.file, sale.file], { mappings });
    expect(posted.statusCode, posted.body).toBe(201);
    expect(await stockOf(coffee.id)).not.toEqual(before);
    const undo = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/stock/documents/v1/${posted.json().id}`,
      headers: { cookie },
    });
    expect(undo.statusCode, undo.body).toBe(204);
    expect(await stockOf(coffee.id)).toEqual(before);
  });
});
