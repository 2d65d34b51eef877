import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithAdmin, type TestContext } from '../helper.ts';
import { cnpjFromBase, createProduct, defaultUnityId, unique, insertCategory } from '../factories.ts';
import { assertLedgerInvariant } from '../invariants.ts';
import { setBusiness, TEST_BUSINESS_DOCUMENT } from '../nfe-upload.ts';
import { todayIn } from '../../src/lib/dates.ts';

// Counts per location (DESIGN.md §6.3, decision 0069), on SQLite and PostgreSQL: a count expects its location's
// quantity, values its differences at its establishment's average and posts them at that location only.

let ctx: TestContext;
let cookie: string;
let matriz: { id: number; defaultLocationId: number };
let deposito: number;
let filial: { id: number; defaultLocationId: number };

const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload }) });

const daysBefore = (days: number) => {
  const date = new Date(`${todayIn('America/Sao_Paulo')}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
};

beforeAll(async () => {
  ({ ctx, cookie } = await appWithAdmin('admin@balanco-depositos.com.br', 'Bia Balanço'));
  await setBusiness(ctx.app, cookie);
  [matriz] = (await call('GET', '/api/establishments/v1')).json();
  deposito = (
    await call('POST', '/api/locations/v1', { establishmentId: matriz.id, name: 'Depósito' })
  ).json().id;
  const document = cnpjFromBase(`${TEST_BUSINESS_DOCUMENT.slice(0, 8)}0002`);
  filial = (await call('POST', '/api/establishments/v1', { name: 'Filial Centro', document })).json();
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
  return { id: created.id as number, sku: created.sku as string, unit };
}
type Product = Awaited<ReturnType<typeof product>>;

async function entry(p: Product, quantity: number, unitCost: string, extra: object = {}) {
  const body = { productId: p.id, productUnityId: p.unit, quantity, unitCost, ...extra };
  const response = await call('POST', '/api/stock/in/v1', body);
  expect(response.statusCode, response.body).toBe(201);
}
async function exit(p: Product, quantity: number, extra: object = {}) {
  const body = { productId: p.id, productUnityId: p.unit, quantity, reason: 'venda', ...extra };
  const response = await call('POST', '/api/stock/out/v1', body);
  expect(response.statusCode, response.body).toBe(201);
}
const stockRow = async (p: Product, scope = '') =>
  (await call('GET', `/api/stock/v1?q=${encodeURIComponent(p.sku)}${scope}`)).json().data[0];

async function startCount(categoryId: number, extra: object = {}) {
  const response = await call('POST', '/api/stock/counts/v1', { categoryId, ...extra });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number; location: { id: number; name: string } };
}
const lineOf = async (countId: number, p: Product) =>
  (await call('GET', `/api/stock/counts/v1/${countId}`))
    .json()
    .items.find((item: { product: { id: number } }) => item.product.id === p.id);
async function countItems(countId: number, items: Array<[Product, number]>) {
  const body = { items: items.map(([p, quantity]) => ({ productId: p.id, countedQuantity: quantity })) };
  const response = await call('PUT', `/api/stock/counts/v1/${countId}/items`, body);
  expect(response.statusCode, response.body).toBe(200);
}

describe('a count at a second location of the matriz', () => {
  it('expects that location only, posts its differences there at the average, and undoes them', async () => {
    const cat = await category();
    const arroz = await product(cat, 'Arroz');
    const feijao = await product(cat, 'Feijão');
    await entry(arroz, 10, '10');
    await entry(arroz, 5, '16', { locationId: deposito }); // matriz: 15 for 180,00, average 12,00
    await entry(feijao, 4, '5');
    await entry(feijao, 6, '10', { locationId: deposito }); // matriz: 10 for 80,00

    const count = await startCount(cat, { locationId: deposito });
    expect(count.location).toEqual({ id: deposito, name: 'Depósito' });
    expect(await lineOf(count.id, arroz)).toMatchObject({
      expectedQuantity: '5.000',
      averageCost: '12.0000',
    });
    expect(await lineOf(count.id, feijao)).toMatchObject({
      expectedQuantity: '6.000',
      averageCost: '8.0000',
    });

    await countItems(count.id, [
      [arroz, 7],
      [feijao, 3],
    ]);
    // a surplus at the establishment's average; a shortage takes its share of the establishment's value
    expect(await lineOf(count.id, arroz)).toMatchObject({ difference: '2.000', differenceValue: '24.0000' });
    expect(await lineOf(count.id, feijao)).toMatchObject({
      difference: '-3.000',
      differenceValue: '-24.0000',
    });

    const posted = await call('POST', `/api/stock/counts/v1/${count.id}/post`, {});
    expect(posted.statusCode, posted.body).toBe(200);
    expect(posted.json().location).toEqual({ id: deposito, name: 'Depósito' });
    expect(await stockRow(arroz)).toMatchObject({
      quantity: '17.000',
      totalValue: '204.0000',
      locations: [
        { id: matriz.defaultLocationId, quantity: '10.000' },
        { id: deposito, quantity: '7.000' },
      ],
    });
    expect(await stockRow(feijao)).toMatchObject({
      quantity: '7.000',
      totalValue: '56.0000',
      locations: [
        { id: matriz.defaultLocationId, quantity: '4.000' },
        { id: deposito, quantity: '3.000' },
      ],
    });
    // the posted lines keep what was found and the values written
    expect(await lineOf(count.id, feijao)).toMatchObject({
      expectedQuantity: '6.000',
      differenceValue: '-24.0000',
    });
    const entries = (await call('GET', `/api/stock/in/v1?productId=${arroz.id}`)).json().data;
    expect(entries[0]).toMatchObject({ reason: 'ajuste', totalCost: '24.0000', location: { id: deposito } });

    expect((await call('DELETE', `/api/stock/counts/v1/${count.id}`)).statusCode).toBe(204);
    expect(await stockRow(arroz)).toMatchObject({
      quantity: '15.000',
      totalValue: '180.0000',
      locations: [
        { id: matriz.defaultLocationId, quantity: '10.000' },
        { id: deposito, quantity: '5.000' },
      ],
    });
  });

  it('refuses a shortage that would take the location below zero on a later date', async () => {
    const cat = await category();
    const oleo = await product(cat, 'Óleo');
    await entry(oleo, 5, '7'); // in Principal: the other location's stock does not cover the depósito
    await entry(oleo, 3, '7', { locationId: deposito, occurredOn: daysBefore(5) });
    await exit(oleo, 3, { locationId: deposito });
    const count = await startCount(cat, { locationId: deposito, countedOn: daysBefore(3) });
    expect(await lineOf(count.id, oleo)).toMatchObject({ expectedQuantity: '3.000' });
    await countItems(count.id, [[oleo, 1]]);
    const refused = await call('POST', `/api/stock/counts/v1/${count.id}/post`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'INSUFFICIENT_STOCK', location: { id: deposito } });
    expect((await call('GET', `/api/stock/counts/v1/${count.id}`)).json().status).toBe('open');
    expect(await stockRow(oleo)).toMatchObject({ quantity: '5.000', totalValue: '35.0000' });
  });
});

describe('a count at a filial', () => {
  it("values at the filial's average, or its last entry cost when it holds none", async () => {
    const cat = await category();
    const cafe = await product(cat, 'Café');
    const acucar = await product(cat, 'Açúcar');
    const sal = await product(cat, 'Sal');
    await entry(cafe, 2, '10');
    await entry(cafe, 4, '25', { locationId: filial.defaultLocationId });
    await entry(acucar, 2, '30', { locationId: filial.defaultLocationId });
    await exit(acucar, 2, { locationId: filial.defaultLocationId });
    await entry(acucar, 1, '10');
    await entry(sal, 1, '7');

    const count = await startCount(cat, { locationId: filial.defaultLocationId });
    expect(await lineOf(count.id, cafe)).toMatchObject({ expectedQuantity: '4.000', averageCost: '25.0000' });
    await countItems(count.id, [
      [cafe, 5],
      [acucar, 3],
      [sal, 1],
    ]);
    // the filial's own last entry (30,00), not the matriz's (10,00); never in the filial: the matriz's
    expect(await lineOf(count.id, acucar)).toMatchObject({ difference: '3.000', differenceValue: '90.0000' });
    expect(await lineOf(count.id, sal)).toMatchObject({ difference: '1.000', differenceValue: '7.0000' });
    const posted = await call('POST', `/api/stock/counts/v1/${count.id}/post`, {});
    expect(posted.statusCode, posted.body).toBe(200);
    expect(await stockRow(cafe, `&establishmentId=${filial.id}`)).toMatchObject({
      quantity: '5.000',
      totalValue: '125.0000',
    });
    expect(await stockRow(cafe, `&establishmentId=${matriz.id}`)).toMatchObject({
      quantity: '2.000',
      totalValue: '20.0000',
    });
    expect(await stockRow(acucar, `&establishmentId=${filial.id}`)).toMatchObject({
      quantity: '3.000',
      totalValue: '90.0000',
    });
    expect(await stockRow(acucar, `&establishmentId=${matriz.id}`)).toMatchObject({ quantity: '1.000' });

    // the list, per establishment and per location
    const list = async (query: string) =>
      (await call('GET', `/api/stock/counts/v1?pageSize=100&${query}`))
        .json()
        .data.map((c: { id: number; location: { id: number } }) => c.location.id);
    const atFilial = await list(`establishmentId=${filial.id}`);
    expect(atFilial.length).toBeGreaterThan(0);
    expect(new Set(atFilial)).toEqual(new Set([filial.defaultLocationId]));
    expect(new Set(await list(`locationId=${deposito}`))).toEqual(new Set([deposito]));
    expect(new Set(await list(`establishmentId=${matriz.id}`)).has(filial.defaultLocationId)).toBe(false);
    expect((await call('GET', '/api/stock/counts/v1?establishmentId=999999')).statusCode).toBe(400);
    const mismatch = await call(
      'GET',
      `/api/stock/counts/v1?establishmentId=${matriz.id}&locationId=${filial.defaultLocationId}`,
    );
    expect(mismatch.statusCode).toBe(400);
  });
});

describe('choosing the location', () => {
  it("defaults to the user's default location, else the matriz's, and refuses unknown or inactive ones", async () => {
    const cat = await category();
    expect((await startCount(cat)).location).toEqual({ id: matriz.defaultLocationId, name: 'Principal' });
    const admin = await ctx.handle.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'admin@balanco-depositos.com.br')
      .executeTakeFirstOrThrow();
    await ctx.handle.db
      .updateTable('users')
      .set({ default_location_id: deposito })
      .where('id', '=', admin.id)
      .execute();
    try {
      expect((await startCount(cat)).location).toEqual({ id: deposito, name: 'Depósito' });
    } finally {
      await ctx.handle.db
        .updateTable('users')
        .set({ default_location_id: null })
        .where('id', '=', admin.id)
        .execute();
    }

    const unknown = await call('POST', '/api/stock/counts/v1', { categoryId: cat, locationId: 999999 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/Depósito não encontrado/);
    const closed = (
      await call('POST', '/api/locations/v1', { establishmentId: matriz.id, name: `Fechado ${unique()}` })
    ).json();
    expect((await call('PATCH', `/api/locations/v1/${closed.id}`, { status: 'inactive' })).statusCode).toBe(
      200,
    );
    const inactive = await call('POST', '/api/stock/counts/v1', { categoryId: cat, locationId: closed.id });
    expect(inactive.statusCode).toBe(409);
    expect(inactive.json().message).toMatch(/inativo/);
  });

  it('keeps a location a count names from being deleted', async () => {
    const cat = await category();
    const shelf = (
      await call('POST', '/api/locations/v1', { establishmentId: matriz.id, name: `Prateleira ${unique()}` })
    ).json();
    const count = await startCount(cat, { locationId: shelf.id });
    expect((await call('DELETE', `/api/stock/counts/v1/${count.id}`)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/locations/v1/${shelf.id}`)).statusCode).toBe(409);
  });
});
