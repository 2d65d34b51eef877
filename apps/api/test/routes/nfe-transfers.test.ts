import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildNfe, type NfeTestItem } from '../../../../test-support/nfe-builder.ts';
import { buildTestApp, signUpAndLogin, type TestContext } from '../helper.ts';
import { cnpjFor, cnpjFromBase, createProduct, defaultUnityId, unique } from '../factories.ts';
import { assertLedgerInvariant } from '../invariants.ts';
import { importNfe, previewNfe, setBusiness, TEST_BUSINESS_DOCUMENT } from '../nfe-upload.ts';
import { monthReport } from '../../src/domain/movements/report-data.ts';

// An NF-e goes to the establishment it names, and a transfer note between two of our establishments (x.151, x.152,
// x.408, x.409) posts both sides once, whichever copy comes first (DESIGN.md §6.3, decision 0068).

let ctx: TestContext;
let cookie: string;
let filial: { id: number; defaultLocationId: number };
let matriz: { id: number; defaultLocationId: number };
let product: { id: number; unity: number; sku: string };

const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload }) });

const supplier = { cnpj: cnpjFor(unique() + 9100), name: 'Atacado Transferências Ltda' };
const matrizParty = { cnpj: TEST_BUSINESS_DOCUMENT, name: 'Mercearia Boa Vista' };
const filialParty = {
  cnpj: cnpjFromBase(`${TEST_BUSINESS_DOCUMENT.slice(0, 8)}0002`),
  name: 'Mercearia Boa Vista Filial',
};

function note(
  from: { cnpj: string; name: string },
  to: { cnpj: string; name: string },
  item: Omit<NfeTestItem, 'code' | 'description'>,
) {
  return buildNfe({
    items: [{ code: product.sku, description: 'Biscoito recheado', ...item }],
    emitter: { cnpj: from.cnpj, name: from.name },
    destination: { cnpj: to.cnpj, name: to.name },
    number: String(unique()),
    issuedAt: '2026-10-01T08:00:00-03:00',
  });
}

async function post(xml: string, occurredOn: string) {
  return importNfe(ctx.app, cookie, xml, {
    occurredOn,
    items: [{ item: 1, productId: product.id, productUnityId: product.unity }],
  });
}

const at = async (establishmentId: number) => {
  const rows = (await call('GET', `/api/stock/v1?q=${product.sku}&establishmentId=${establishmentId}`)).json()
    .data;
  return rows[0] ? { quantity: rows[0].quantity, totalValue: rows[0].totalValue } : null;
};

beforeAll(async () => {
  ctx = await buildTestApp();
  cookie = await signUpAndLogin(ctx.app, 'admin@transferencias.com.br', 'Tânia Transferências');
  await setBusiness(ctx.app, cookie);
  [matriz] = (await call('GET', '/api/establishments/v1')).json();
  filial = (
    await call('POST', '/api/establishments/v1', { name: 'Filial Centro', document: filialParty.cnpj })
  ).json();
  const created = await createProduct(ctx.app, cookie, { ncm: '19053100' });
  product = {
    id: created.id as number,
    sku: created.sku as string,
    unity: await defaultUnityId(ctx.app, cookie, created.id),
  };
});
afterAll(async () => {
  await assertLedgerInvariant(ctx.handle.db);
  expect((await call('GET', '/api/stock/v1/integrity')).json()).toMatchObject({ ok: true });
  await ctx.close();
});

describe('notes routed to their establishment', () => {
  it('posts a purchase to the establishment the note is for', async () => {
    expect(
      (
        await post(
          note(supplier, matrizParty, { quantity: '10', total: '100.00', cfop: '5102' }).xml,
          '2026-10-01',
        )
      ).statusCode,
    ).toBe(201);
    const toFilial = note(supplier, filialParty, { quantity: '2', total: '30.00', cfop: '5102' }).xml;
    const preview = (await previewNfe(ctx.app, cookie, toFilial)).json();
    expect(preview).toMatchObject({
      side: 'received',
      establishment: { id: filial.id, name: 'Filial Centro' },
      transferTo: null,
    });
    expect((await post(toFilial, '2026-10-01')).statusCode).toBe(201);
    expect(await at(matriz.id)).toEqual({ quantity: '10.000', totalValue: '100.0000' });
    expect(await at(filial.id)).toEqual({ quantity: '2.000', totalValue: '30.0000' });
  });
});

describe('transfer notes between our establishments', () => {
  it('posts out of the origin at its average and into the destination at that cost, once', async () => {
    const transfer = note(matrizParty, filialParty, { quantity: '4', total: '40.00', cfop: '5152' });
    const preview = (await previewNfe(ctx.app, cookie, transfer.xml)).json();
    expect(preview).toMatchObject({
      side: 'issued',
      establishment: { id: matriz.id },
      transferTo: { id: filial.id, name: 'Filial Centro' },
      errors: [],
    });
    expect(preview.items[0].effect).toBe('transfer_out');
    const imported = await post(transfer.xml, '2026-10-02');
    expect(imported.statusCode).toBe(201);
    // the matriz's average is 10,00: 4 leave at 40,00 and enter the filial at 40,00
    expect(await at(matriz.id)).toEqual({ quantity: '6.000', totalValue: '60.0000' });
    expect(await at(filial.id)).toEqual({ quantity: '6.000', totalValue: '70.0000' });
    const rows = (await call('GET', `/api/stock/nfe/v1/${imported.json().id}`)).json().ledger;
    expect(rows.map((row: { direction: string; transferId: number | null }) => row.direction)).toEqual([
      'out',
      'in',
    ]);
    expect(rows[0].transferId).not.toBeNull();
    expect(rows[1].transferId).toBe(rows[0].transferId);
    // the destination's copy is the same note: it is not posted again
    const again = await post(transfer.xml, '2026-10-02');
    expect(again.statusCode).toBe(409);
    expect(await at(filial.id)).toEqual({ quantity: '6.000', totalValue: '70.0000' });
    // the transfer is undone with its note, not on its own
    const cancel = await call('POST', `/api/stock/transfers/v1/${rows[0].transferId}/cancel`, {
      reason: 'engano de nota',
    });
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().message).toContain('NF-e');
  });

  it('refuses a transfer CFOP on a note to someone who is not one of our establishments', async () => {
    const outside = note(matrizParty, supplier, { quantity: '1', total: '10.00', cfop: '5152' });
    const refused = await post(outside.xml, '2026-10-03');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toContain('entre dois estabelecimentos desta empresa');
    expect(await at(matriz.id)).toEqual({ quantity: '6.000', totalValue: '60.0000' });
  });

  it('refuses a transfer that would take the origin below zero, naming it', async () => {
    const tooMuch = note(filialParty, matrizParty, { quantity: '7', total: '70.00', cfop: '5152' });
    const refused = await post(tooMuch.xml, '2026-10-04');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'INSUFFICIENT_STOCK',
      location: { id: filial.defaultLocationId },
    });
    expect(refused.json().message).toContain('Principal (Filial Centro)');
  });
});

describe('inventory, book and Bloco H per establishment and location', () => {
  it('answers each establishment its own inventory and file, and a location its share at the average', async () => {
    const date = '2026-10-31';
    const inventory = async (query: string) =>
      (await call('GET', `/api/stock/inventory/v1?date=${date}${query}`)).json();
    const mine = (body: { data: Array<{ product: { id: number }; quantity: string; totalValue: string }> }) =>
      body.data.find((row) => row.product.id === product.id);
    // default: the first establishment (the matriz)
    expect(await inventory('')).toMatchObject({ establishment: { id: matriz.id }, location: null });
    expect(mine(await inventory(''))).toMatchObject({ quantity: '6.000', totalValue: '60.0000' });
    const atFilial = await inventory(`&establishmentId=${filial.id}`);
    expect(atFilial).toMatchObject({
      establishment: { id: filial.id, name: 'Filial Centro' },
      totalValue: '70.0000',
    });
    expect(mine(atFilial)).toMatchObject({ quantity: '6.000', totalValue: '70.0000' });
    // a second location of the filial holding 2 of its 6: 2 × 70,00 ÷ 6 = 23,33 (the book's items in centavos)
    const shelf = (
      await call('POST', '/api/locations/v1', { establishmentId: filial.id, name: 'Prateleira' })
    ).json();
    const moved = await call('POST', '/api/stock/transfers/v1', {
      productId: product.id,
      productUnityId: product.unity,
      quantity: 2,
      fromLocationId: filial.defaultLocationId,
      toLocationId: shelf.id,
      occurredOn: '2026-10-05',
    });
    expect(moved.statusCode).toBe(201);
    const atShelf = await inventory(`&locationId=${shelf.id}`);
    expect(atShelf).toMatchObject({ location: { id: shelf.id, name: 'Prateleira' } });
    expect(mine(atShelf)).toMatchObject({ quantity: '2.000', totalValue: '23.3300' });
    expect(mine(await inventory(`&establishmentId=${filial.id}`))).toMatchObject({ totalValue: '70.0000' });

    // Bloco H: one file per establishment, named by its CNPJ, H005 with its own value
    const sped = await call('GET', `/api/stock/inventory/v1/sped?date=${date}&establishmentId=${filial.id}`);
    expect(sped.statusCode).toBe(200);
    expect(sped.headers['content-disposition']).toContain(
      `inventario-bloco-h-${filialParty.cnpj}-20261031.txt`,
    );
    const text = Buffer.from(sped.rawPayload).toString('latin1');
    expect(text).toContain('|H005|31102026|70,00|01|');
    const book = await call(
      'GET',
      `/api/stock/inventory/v1/book?date=${date}&establishmentId=${filial.id}&format=xlsx`,
    );
    expect(book.statusCode).toBe(200);
    expect(book.headers['content-disposition']).toContain(filialParty.cnpj);
    // a location of another establishment is refused when both are named
    const mismatch = await call(
      'GET',
      `/api/stock/inventory/v1?establishmentId=${matriz.id}&locationId=${shelf.id}`,
    );
    expect(mismatch.statusCode).toBe(400);
  });
});

describe('the month per establishment and location', () => {
  it('answers another establishment its own month, a location its share, and the report file names it', async () => {
    const filialScope = { kind: 'establishment' as const, establishmentId: filial.id, first: false };
    const month = await monthReport(ctx.handle.db, 2026, 10, filialScope);
    // bought 2, received 4 by transfer, moved 2 to its shelf and back out of Principal: 8 in, 2 out, 6 at 70,00
    expect(month.totals).toMatchObject({
      opening: 0n,
      entries: 8_000n,
      exits: 2_000n,
      closingValue: 700_000n,
    });
    const shelf = (await call('GET', `/api/locations/v1?establishmentId=${filial.id}`))
      .json()
      .find((location: { name: string }) => location.name === 'Prateleira');
    const scope = {
      kind: 'location' as const,
      locationId: shelf.id,
      establishmentId: filial.id,
      first: false,
    };
    expect((await monthReport(ctx.handle.db, 2026, 10, scope)).totals).toMatchObject({
      entries: 2_000n,
      exits: 0n,
      closingValue: 233_333n,
    });
    const file = await call(
      'GET',
      `/api/stock/movement/v1/report?year=2026&month=10&establishmentId=${filial.id}`,
    );
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain(
      `relatorio-estoque-2026-10-${filialParty.cnpj}.pdf`,
    );
    // the first establishment's month is the report it always was
    const matrizMonth = await monthReport(ctx.handle.db, 2026, 10);
    expect(matrizMonth.totals).toMatchObject({ entries: 10_000n, exits: 4_000n, closingValue: 600_000n });
  });
});
