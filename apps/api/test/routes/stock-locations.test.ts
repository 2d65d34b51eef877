import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithAdmin, login, sessionCookieFrom, type TestContext } from '../helper.ts';
import { cnpjFromBase, createProduct, createUser, defaultUnityId } from '../factories.ts';
import { assertLedgerInvariant } from '../invariants.ts';
import { setBusiness, TEST_BUSINESS_DOCUMENT } from '../nfe-upload.ts';
import { todayIn } from '../../src/lib/dates.ts';

// Stock per location and establishment, and transfers between them (DESIGN.md §6.3, decision 0068).

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
const label = (date: string) => date.split('-').reverse().join('/');

beforeAll(async () => {
  ({ ctx, cookie } = await appWithAdmin('admin@depositos.com.br', 'Dora Depósitos'));
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

async function product(name: string) {
  const created = await createProduct(ctx.app, cookie, { name });
  return { id: created.id as number, unit: await defaultUnityId(ctx.app, cookie, created.id) };
}
type Product = Awaited<ReturnType<typeof product>>;

const entry = (p: Product, quantity: number, unitCost: string, extra: object = {}) =>
  call('POST', '/api/stock/in/v1', { productId: p.id, productUnityId: p.unit, quantity, unitCost, ...extra });
const exit = (p: Product, quantity: number, extra: object = {}) =>
  call('POST', '/api/stock/out/v1', {
    productId: p.id,
    productUnityId: p.unit,
    quantity,
    reason: 'venda',
    ...extra,
  });
const transfer = (p: Product, quantity: number, from: number, to: number, extra: object = {}) =>
  call('POST', '/api/stock/transfers/v1', {
    productId: p.id,
    productUnityId: p.unit,
    quantity,
    fromLocationId: from,
    toLocationId: to,
    ...extra,
  });
const stockRow = async (p: Product, scope = '') => {
  const { sku } = (await call('GET', `/api/products/v1/${p.id}`)).json();
  return (await call('GET', `/api/stock/v1?q=${encodeURIComponent(sku)}${scope}`)).json().data[0];
};

describe('locations on every movement', () => {
  it('puts a movement that names no location in the matriz default, and answers where it went', async () => {
    const p = await product('Arroz 5 kg');
    const created = await entry(p, 3, '20');
    expect(created.statusCode).toBe(201);
    expect(created.json().location).toEqual({ id: matriz.defaultLocationId, name: 'Principal' });
    const listed = (await call('GET', `/api/stock/in/v1?productId=${p.id}`)).json().data;
    expect(listed[0]).toMatchObject({
      location: { id: matriz.defaultLocationId, name: 'Principal' },
      transferId: null,
    });
    const atDeposit = await entry(p, 2, '20', { locationId: deposito });
    expect(atDeposit.json().location).toEqual({ id: deposito, name: 'Depósito' });
    expect(
      (await call('GET', `/api/stock/in/v1?productId=${p.id}&locationId=${deposito}`)).json().total,
    ).toBe(1);
    expect(
      (await call('GET', `/api/stock/in/v1?productId=${p.id}&establishmentId=${matriz.id}`)).json().total,
    ).toBe(2);
    expect(
      (await call('GET', `/api/stock/in/v1?productId=${p.id}&establishmentId=${filial.id}`)).json().total,
    ).toBe(0);
  });
});

describe('users default location', () => {
  it('sends a movement that names no location to the user default, set by the user or an admin', async () => {
    const p = await product('Macarrão 500 g');
    expect((await call('GET', '/api/locations/v1/default')).json()).toEqual({
      locationId: null,
      effective: { id: matriz.defaultLocationId, name: 'Principal', establishmentId: matriz.id },
    });
    const set = await call('PUT', '/api/locations/v1/default', { locationId: deposito });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ locationId: deposito, effective: { id: deposito, name: 'Depósito' } });
    expect((await entry(p, 4, '3')).json().location).toEqual({ id: deposito, name: 'Depósito' });
    expect((await call('PUT', '/api/locations/v1/default', { locationId: 999_999 })).statusCode).toBe(400);
    const operator = await createUser(ctx.app, cookie, { role: 'operator' });
    const asOperator = sessionCookieFrom(await login(ctx.app, operator.email, operator.password));
    const refused = await ctx.app.inject({
      method: 'PUT',
      url: `/api/locations/v1/default/${operator.id}`,
      headers: { cookie: asOperator },
      payload: { locationId: deposito },
    });
    expect(refused.statusCode).toBe(403);
    const byAdmin = await call('PUT', `/api/locations/v1/default/${operator.id}`, { locationId: deposito });
    expect(byAdmin.json()).toMatchObject({ locationId: deposito });
    expect((await call('PUT', '/api/locations/v1/default', { locationId: null })).json()).toMatchObject({
      locationId: null,
      effective: { id: matriz.defaultLocationId },
    });
  });
});

describe('transfers inside one establishment', () => {
  it('moves quantity at the average, changing neither the total value nor the average', async () => {
    const p = await product('Feijão 1 kg');
    await entry(p, 10, '2.50');
    await entry(p, 5, '4');
    const before = await stockRow(p);
    expect(before).toMatchObject({ quantity: '15.000', totalValue: '45.0000' });
    const moved = await transfer(p, 7, matriz.defaultLocationId, deposito, { document: 'TR-1' });
    expect(moved.statusCode).toBe(201);
    const body = moved.json();
    // 45,00 × 7 ÷ 15 = 21,00
    expect(body.out).toMatchObject({
      direction: 'out',
      source: 'transfer',
      totalCost: '21.0000',
      location: { name: 'Principal' },
      transferId: body.id,
      document: 'TR-1',
    });
    expect(body.in).toMatchObject({ direction: 'in', totalCost: '21.0000', location: { name: 'Depósito' } });
    expect(await stockRow(p)).toMatchObject({
      quantity: '15.000',
      totalValue: '45.0000',
      averageCost: '3.0000',
      locations: [
        { id: matriz.defaultLocationId, name: 'Principal', quantity: '8.000' },
        { id: deposito, name: 'Depósito', quantity: '7.000' },
      ],
    });
    // a location's value: its quantity at its establishment's average
    expect(await stockRow(p, `&locationId=${deposito}`)).toMatchObject({
      quantity: '7.000',
      totalValue: '21.0000',
    });
    // the establishment's kardex: two rows that change no figure; each location's: one row
    const kardex = (await call('GET', `/api/products/v1/${p.id}/kardex`)).json();
    expect(kardex.data.map((row: { balanceValue: string }) => row.balanceValue)).toEqual([
      '25.0000',
      '45.0000',
      '45.0000',
      '45.0000',
    ]);
    const atDeposit = (await call('GET', `/api/products/v1/${p.id}/kardex?locationId=${deposito}`)).json();
    expect(atDeposit.location).toEqual({ id: deposito, name: 'Depósito' });
    expect(atDeposit.data).toHaveLength(1);
    expect(atDeposit.data[0]).toMatchObject({
      direction: 'in',
      quantity: '7.000',
      balanceQuantity: '7.000',
      balanceValue: '21.0000',
    });

    // the depósito holds 7: an eighth is refused there, naming it; an exit of 7 leaves at the average
    const refused = await exit(p, 8, { locationId: deposito });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'INSUFFICIENT_STOCK',
      message: `Em ${label(daysBefore(0))} o saldo de Feijão 1 kg em Depósito (Matriz) ficaria negativo: disponível 7 UN, solicitado 8 UN.`,
      location: { id: deposito, name: 'Depósito' },
      available: '7.000',
    });
    const sold = await exit(p, 7, { locationId: deposito });
    expect(sold.json()).toMatchObject({ totalCost: '21.0000', location: { name: 'Depósito' } });
    expect(await stockRow(p)).toMatchObject({ quantity: '8.000', totalValue: '24.0000' });
  });

  it('refuses a back-dated transfer that would leave the origin negative on a later date, naming it', async () => {
    const p = await product('Óleo 900 ml');
    await entry(p, 10, '8', { occurredOn: daysBefore(6) });
    await exit(p, 8, { occurredOn: daysBefore(2) });
    const refused = await transfer(p, 5, matriz.defaultLocationId, deposito, { occurredOn: daysBefore(4) });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      `Em ${label(daysBefore(2))} o saldo de Óleo 900 ml em Principal (Matriz) ficaria negativo: disponível 5 UN, solicitado 8 UN.`,
    );
    // nothing was written: the transfer's record went with its rows
    expect((await call('GET', `/api/stock/out/v1?productId=${p.id}`)).json().total).toBe(1);
    expect(
      (await transfer(p, 2, matriz.defaultLocationId, deposito, { occurredOn: daysBefore(4) })).statusCode,
    ).toBe(201);
  });

  it('refuses the same place at both ends, an unknown place and a future date', async () => {
    const p = await product('Sal 1 kg');
    await entry(p, 1, '2');
    const same = await transfer(p, 1, deposito, deposito);
    expect(same.statusCode).toBe(400);
    expect(same.json().issues[0]).toMatchObject({ path: 'toLocationId' });
    expect((await transfer(p, 1, deposito, 999_999)).statusCode).toBe(400);
  });
});

describe('transfers between establishments', () => {
  it('leaves the origin at its average and enters the filial at that cost; the filial keeps its own average', async () => {
    const p = await product('Café 500 g');
    await entry(p, 3, '10');
    await entry(p, 3, '11');
    // 63,00 × 4 ÷ 6 = 42,00
    const moved = await transfer(p, 4, matriz.defaultLocationId, filial.defaultLocationId);
    expect(moved.statusCode).toBe(201);
    expect(moved.json().out).toMatchObject({ totalCost: '42.0000', location: { name: 'Principal' } });
    expect(moved.json().in).toMatchObject({
      totalCost: '42.0000',
      unitCost: '10.5000',
      location: { id: filial.defaultLocationId },
    });
    // the business holds all 6; the matriz 2 at its average, the filial 4 at the cost they left at
    expect(await stockRow(p)).toMatchObject({ quantity: '6.000', totalValue: '63.0000' });
    expect(await stockRow(p, `&establishmentId=${matriz.id}`)).toMatchObject({
      quantity: '2.000',
      totalValue: '21.0000',
    });
    expect(await stockRow(p, `&establishmentId=${filial.id}`)).toMatchObject({
      quantity: '4.000',
      totalValue: '42.0000',
      locations: [
        { id: filial.defaultLocationId, name: 'Principal', establishmentId: filial.id, quantity: '4.000' },
      ],
    });
    // the filial buys more at its own price: its average moves, the matriz's does not
    await entry(p, 2, '13', { locationId: filial.defaultLocationId });
    const sold = await exit(p, 3, { locationId: filial.defaultLocationId });
    // (42,00 + 26,00) × 3 ÷ 6 = 34,00
    expect(sold.json()).toMatchObject({ totalCost: '34.0000' });
    expect(await stockRow(p, `&establishmentId=${matriz.id}`)).toMatchObject({
      quantity: '2.000',
      totalValue: '21.0000',
    });
    expect(await stockRow(p, `&establishmentId=${filial.id}`)).toMatchObject({
      quantity: '3.000',
      totalValue: '34.0000',
    });

    // undoing the transfer would take the filial below zero: refused; a fresh one undoes cleanly
    const undo = await call('POST', `/api/stock/transfers/v1/${moved.json().id}/cancel`, {
      reason: 'engano',
    });
    expect(undo.statusCode).toBe(409);
    expect(undo.json().code).toBe('INSUFFICIENT_STOCK');
    const again = (await transfer(p, 1, matriz.defaultLocationId, filial.defaultLocationId)).json();
    const undone = await call('POST', `/api/stock/transfers/v1/${again.id}/cancel`, { reason: 'engano' });
    expect(undone.statusCode).toBe(200);
    expect(undone.json().out.cancelReason).toBe('engano');
    expect(await stockRow(p, `&establishmentId=${matriz.id}`)).toMatchObject({
      quantity: '2.000',
      totalValue: '21.0000',
    });
    expect(
      (await call('POST', `/api/stock/transfers/v1/${again.id}/cancel`, { reason: 'engano de novo' }))
        .statusCode,
    ).toBe(409);
    // one side alone is not cancelled
    const side = await call('POST', `/api/stock/out/v1/${again.out.id}/cancel`, { reason: 'engano de novo' });
    expect(side.statusCode).toBe(409);
  });
});

describe('a movement before a transfer between establishments', () => {
  it('moves the cost the transfer entered the filial at, and what the filial moved after it', async () => {
    const p = await product('Chá mate');
    await entry(p, 4, '10', { occurredOn: daysBefore(10) });
    const moved = (
      await transfer(p, 2, matriz.defaultLocationId, filial.defaultLocationId, { occurredOn: daysBefore(5) })
    ).json();
    expect(moved.in.totalCost).toBe('20.0000');
    const sold = (
      await exit(p, 1, { locationId: filial.defaultLocationId, occurredOn: daysBefore(3) })
    ).json();
    expect(sold.totalCost).toBe('10.0000');
    // a purchase at the matriz dated before the transfer: the average there is (40 + 80) ÷ 8 = 15,00
    await entry(p, 4, '20', { occurredOn: daysBefore(8) });
    const rows = (await call('GET', `/api/stock/in/v1?productId=${p.id}&establishmentId=${filial.id}`)).json()
      .data;
    expect(rows[0]).toMatchObject({ transferId: moved.id, totalCost: '30.0000' });
    const exits = (
      await call('GET', `/api/stock/out/v1?productId=${p.id}&establishmentId=${filial.id}`)
    ).json().data;
    expect(exits[0].totalCost).toBe('15.0000');
    expect(await stockRow(p, `&establishmentId=${filial.id}`)).toMatchObject({
      quantity: '1.000',
      totalValue: '15.0000',
    });
  });
});

describe('racing', () => {
  it('lets racing exits and transfers out of one location through only while it holds stock', async () => {
    const p = await product('Açúcar 1 kg');
    await entry(p, 20, '5');
    await transfer(p, 6, matriz.defaultLocationId, deposito);
    const calls = Array.from({ length: 12 }, (_, i) =>
      i % 2 === 0 ? exit(p, 1, { locationId: deposito }) : transfer(p, 1, deposito, filial.defaultLocationId),
    );
    const statuses = (await Promise.all(calls)).map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(6);
    expect(statuses.filter((status) => status === 409)).toHaveLength(6);
    await assertLedgerInvariant(ctx.handle.db);
  });
});

describe('deleting a location', () => {
  it('refuses a location with movements (409) and removes an empty one', async () => {
    const p = await product('Vinagre');
    const shelf = (
      await call('POST', '/api/locations/v1', { establishmentId: matriz.id, name: 'Prateleira' })
    ).json();
    await entry(p, 1, '3', { locationId: shelf.id });
    const refused = await call('DELETE', `/api/locations/v1/${shelf.id}`);
    expect(refused.statusCode).toBe(409);
    const empty = (
      await call('POST', '/api/locations/v1', { establishmentId: matriz.id, name: 'Vazio' })
    ).json();
    expect((await call('DELETE', `/api/locations/v1/${empty.id}`)).statusCode).toBe(204);
  });
});
