import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithAdmin, type TestContext } from '../helper.ts';
import { createProduct, defaultUnityId, unique, insertCategory } from '../factories.ts';
import { assertLedgerInvariant } from '../invariants.ts';
import { setBusiness, TEST_BUSINESS_DOCUMENT } from '../nfe-upload.ts';
import { importBatch } from '../document-upload.ts';
import { HEADER, makeXlsx, multipart } from '../sheets.ts';
import { buildNfe } from '../../../../test-support/nfe-builder.ts';
import { todayIn } from '../../src/lib/dates.ts';

// A posted count fixes its products on its date (DESIGN.md §6.5, decision 0071), on SQLite and PostgreSQL: a movement
// of a counted product at the count's location dated on or before it — new or cancelled, from any source — is refused
// with 409 COUNT_POSTED naming the count, until the count is undone.

let ctx: TestContext;
let cookie: string;
let principal: number;
let deposito: number;

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload }) });

const daysBefore = (days: number) => {
  const date = new Date(`${todayIn('America/Sao_Paulo')}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
};
const label = (date: string) => date.split('-').reverse().join('/');

beforeAll(async () => {
  ({ ctx, cookie } = await appWithAdmin('admin@balanco-fixo.com.br', 'Bia Balanço'));
  await setBusiness(ctx.app, cookie);
  const [matriz] = (await call('GET', '/api/establishments/v1')).json();
  principal = matriz.defaultLocationId;
  deposito = (
    await call('POST', '/api/locations/v1', { establishmentId: matriz.id, name: 'Depósito' })
  ).json().id;
});
afterAll(async () => {
  await assertLedgerInvariant(ctx.handle.db);
  expect((await call('GET', '/api/stock/v1/integrity')).json()).toMatchObject({ ok: true, mismatches: [] });
  await ctx.close();
});

const category = () => insertCategory(ctx.handle.db);

async function product(categoryId: number, name: string) {
  const created = await createProduct(ctx.app, cookie, { name, categoryId });
  const unit = await defaultUnityId(ctx.app, cookie, created.id);
  return { id: created.id as number, sku: created.sku as string, name, unit };
}
type Product = Awaited<ReturnType<typeof product>>;

const entry = (p: Product, quantity: number, occurredOn: string, extra: object = {}) =>
  call('POST', '/api/stock/in/v1', {
    ...{ productId: p.id, productUnityId: p.unit, quantity, unitCost: '10', occurredOn },
    ...extra,
  });
const exit = (p: Product, quantity: number, occurredOn: string, extra: object = {}) =>
  call('POST', '/api/stock/out/v1', {
    ...{ productId: p.id, productUnityId: p.unit, quantity, reason: 'venda', occurredOn },
    ...extra,
  });

/** A count of `items` at a location on a date, posted (or answered as refused). */
async function count(
  categoryId: number,
  countedOn: string,
  items: Array<[Product, number]>,
  locationId = principal,
) {
  const created = await call('POST', '/api/stock/counts/v1', { categoryId, countedOn, locationId });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().id as number;
  const body = { items: items.map(([p, quantity]) => ({ productId: p.id, countedQuantity: quantity })) };
  const saved = await call('PUT', `/api/stock/counts/v1/${id}/items`, body);
  expect(saved.statusCode, saved.body).toBe(200);
  return { id, posting: await call('POST', `/api/stock/counts/v1/${id}/post`, {}) };
}

function expectFixedBy(
  response: Awaited<ReturnType<typeof call>>,
  fixing: { id: number; countedOn: string; product: Product; locationId?: number },
) {
  expect(response.statusCode, response.body).toBe(409);
  const body = response.json();
  expect(body).toMatchObject({
    code: 'COUNT_POSTED',
    productId: fixing.product.id,
    count: {
      id: fixing.id,
      countedOn: fixing.countedOn,
      location: { id: fixing.locationId ?? principal },
      product: { id: fixing.product.id, name: fixing.product.name },
    },
  });
  expect(body.message).toBe(
    `O produto ${fixing.product.name} já foi contado em ${label(fixing.countedOn)} no balanço nº ${fixing.id} ` +
      `(depósito ${fixing.locationId === deposito ? 'Depósito' : 'Principal'}). Desfaça o balanço para lançar ou ` +
      'cancelar movimentações desse produto nesse depósito nessa data ou antes.',
  );
}

describe('a posted count', () => {
  it('refuses movements of what it counted, there, on or before its date, until it is undone', async () => {
    const cat = await category();
    const cimento = await product(cat, 'Cimento');
    const areia = await product(cat, 'Areia');
    const first = await entry(cimento, 100, daysBefore(30));
    expect(first.statusCode, first.body).toBe(201);
    expect((await entry(areia, 10, daysBefore(30))).statusCode).toBe(201);
    expect((await entry(cimento, 20, daysBefore(30), { locationId: deposito })).statusCode).toBe(201);

    // the case: more counted than expected on the date; areia, in the count's scope, is not counted
    const countedOn = daysBefore(10);
    const posted = await count(cat, countedOn, [[cimento, 101]]);
    expect(posted.posting.statusCode, posted.posting.body).toBe(200);
    const fixing = { id: posted.id, countedOn, product: cimento };

    expectFixedBy(await entry(cimento, 50, daysBefore(20)), fixing);
    expectFixedBy(await entry(cimento, 50, countedOn), fixing);
    expectFixedBy(await exit(cimento, 1, daysBefore(20)), fixing);
    expectFixedBy(await exit(cimento, 1, countedOn), fixing);
    // cancelling a row before the count changes the balance it found just as much
    const cancel = await call('POST', `/api/stock/in/v1/${first.json().id}/cancel`, {
      reason: 'Lançado errado',
    });
    expectFixedBy(cancel, fixing);
    // both legs of a transfer: into the counted location, and out of it
    const transfer = (fromLocationId: number, toLocationId: number) =>
      call('POST', '/api/stock/transfers/v1', {
        ...{ productId: cimento.id, productUnityId: cimento.unit, quantity: 1, occurredOn: daysBefore(20) },
        ...{ fromLocationId, toLocationId },
      });
    expectFixedBy(await transfer(deposito, principal), fixing);
    expectFixedBy(await transfer(principal, deposito), fixing);

    // after the date, the uncounted product, another location: accepted
    expect((await entry(cimento, 50, daysBefore(5))).statusCode).toBe(201);
    expect((await exit(cimento, 1, daysBefore(5))).statusCode).toBe(201);
    expect((await entry(areia, 5, daysBefore(20))).statusCode).toBe(201);
    expect((await exit(areia, 1, countedOn)).statusCode).toBe(201);
    expect((await entry(cimento, 5, daysBefore(20), { locationId: deposito })).statusCode).toBe(201);

    // the balance on the count's date is still what was counted
    const stock = await call(
      'GET',
      `/api/stock/v1?categoryId=${cat}&date=${countedOn}&locationId=${principal}`,
    );
    expect(stock.statusCode, stock.body).toBe(200);
    const row = stock.json().data.find((r: { product: { id: number } }) => r.product.id === cimento.id);
    expect(row).toMatchObject({ quantity: '101.000' });

    expect((await call('DELETE', `/api/stock/counts/v1/${posted.id}`)).statusCode).toBe(204);
    expect((await entry(cimento, 50, daysBefore(20))).statusCode).toBe(201);
    const cancelled = await call('POST', `/api/stock/in/v1/${first.json().id}/cancel`, {
      reason: 'Lançado errado',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
  });

  it('takes a later count of the same product, refuses one on or before it, and is undone latest first', async () => {
    const cat = await category();
    const tijolo = await product(cat, 'Tijolo');
    expect((await entry(tijolo, 40, daysBefore(30))).statusCode).toBe(201);
    const countedOn = daysBefore(10);
    const first = await count(cat, countedOn, [[tijolo, 38]]);
    expect(first.posting.statusCode, first.posting.body).toBe(200);
    const fixing = { id: first.id, countedOn, product: tijolo };

    // on the same date or before: refused, even when it finds no difference (nothing to post)
    expectFixedBy((await count(cat, countedOn, [[tijolo, 30]])).posting, fixing);
    expectFixedBy((await count(cat, daysBefore(12), [[tijolo, 40]])).posting, fixing);
    // at another location: its own products
    const elsewhere = await count(cat, countedOn, [[tijolo, 0]], deposito);
    expect(elsewhere.posting.statusCode, elsewhere.posting.body).toBe(200);

    const later = await count(cat, daysBefore(8), [[tijolo, 38]]);
    expect(later.posting.statusCode, later.posting.body).toBe(200);
    // undoing the first would change the balance the later one found
    expectFixedBy(await call('DELETE', `/api/stock/counts/v1/${first.id}`), {
      ...fixing,
      id: later.id,
      countedOn: daysBefore(8),
    });
    expect((await call('DELETE', `/api/stock/counts/v1/${later.id}`)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/stock/counts/v1/${first.id}`)).statusCode).toBe(204);
    expect((await entry(tijolo, 1, daysBefore(20))).statusCode).toBe(201);
  });
});

describe('a batch of documents', () => {
  it('names the document whose row falls on or before the count', async () => {
    const cat = await category();
    const cal = await product(cat, 'Cal hidratada');
    expect((await entry(cal, 30, daysBefore(30))).statusCode).toBe(201);
    const countedOn = daysBefore(10);
    const posted = await count(cat, countedOn, [[cal, 30]]);
    expect(posted.posting.statusCode, posted.posting.body).toBe(200);
    // our own NFC-e of a sale, dated before the count
    const sale = buildNfe({
      items: [{ code: cal.sku, description: 'CAL', quantity: '2.0000', total: '40.00' }],
      emitter: { cnpj: TEST_BUSINESS_DOCUMENT, name: 'Loja de Materiais' },
      number: String(unique()),
      issuedAt: `${daysBefore(20)}T10:00:00-03:00`,
      model: '65',
      destination: null,
    });
    const response = await importBatch(ctx.app, cookie, [{ name: `NFCe${sale.key}.xml`, content: sale.xml }]);
    expect(response.statusCode, response.body).toBe(409);
    const error = response.json();
    expect(error).toMatchObject({
      code: 'COUNT_POSTED',
      count: { id: posted.id, countedOn },
      document: { accessKey: sale.key, item: 1 },
    });
    expect(error.message).toContain(`chave ${sale.key}`);
    expect(error.message).toContain(`no balanço nº ${posted.id}`);
  });
});

describe('a monthly sheet', () => {
  it('shows the refusal on the rows of the counted product in the preview, and the import is refused', async () => {
    const cat = await category();
    const telha = await product(cat, 'Telha');
    const cumeeira = await product(cat, 'Cumeeira');
    const prego = await product(cat, 'Prego');
    expect((await entry(telha, 10, daysBefore(30))).statusCode).toBe(201);
    expect((await entry(cumeeira, 4, daysBefore(30))).statusCode).toBe(201);
    const countedOn = daysBefore(10);
    const posted = await count(cat, countedOn, [
      [telha, 10],
      [cumeeira, 4],
    ]);
    expect(posted.posting.statusCode, posted.posting.body).toBe(200);
    const on = new Date(`${countedOn}T00:00:00Z`);
    const bytes = await makeXlsx([
      HEADER,
      [on, telha.sku, 'Entrada', 2, null, '10', null, null, null],
      [on, prego.sku, 'Entrada', 3, null, '1', null, null, null],
      [on, cumeeira.sku, 'Saída', 1, null, null, null, null, null],
      [on, prego.sku, 'Saída', 5, null, null, null, null, null],
    ]);
    const [year, month] = countedOn.split('-').map(Number);
    const send = async (url: string, fields: Record<string, string>) => {
      const body = await multipart(
        { year: String(year), month: String(month), ...fields },
        { name: 'mes.xlsx', bytes },
      );
      return ctx.app.inject({
        method: 'POST',
        url,
        headers: { cookie, ...body.headers },
        payload: body.payload,
      });
    };
    const preview = await send('/api/stock/movement/v1/sheet', {});
    expect(preview.statusCode, preview.body).toBe(200);
    const rows = preview.json().rows;
    expect(rows[0].errors).toEqual([
      { column: expect.any(String), message: expect.stringContaining(`no balanço nº ${posted.id}`) },
    ]);
    expect(rows[1].errors).toEqual([]);
    // the second counted product is marked too, and the rest is still judged: 3 pregos cannot leave 5
    expect(rows[2].errors).toEqual([
      { column: expect.any(String), message: expect.stringContaining('O produto Cumeeira já foi contado') },
    ]);
    expect(rows[3].errors).toEqual([
      { column: expect.any(String), message: 'Estoque insuficiente: disponível 3 UN, solicitado 5 UN.' },
    ]);
    const imported = await send('/api/stock/movement/v1', { data: JSON.stringify({ description: 'Mês' }) });
    expect(imported.statusCode, imported.body).toBe(409);
    expect(imported.json()).toMatchObject({ code: 'COUNT_POSTED', count: { id: posted.id } });
  });
});
