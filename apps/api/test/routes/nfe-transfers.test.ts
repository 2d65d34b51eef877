import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildNfe, type NfeTestItem } from '../../../../test-support/nfe-builder.ts';
import { buildTestApp, signUpAndLogin, type TestContext } from '../helper.ts';
import { cnpjFor, cnpjFromBase, createProduct, defaultUnityId, unique } from '../factories.ts';
import { assertLedgerInvariant } from '../invariants.ts';
import { importNfe, previewNfe, setBusiness, TEST_BUSINESS_DOCUMENT } from '../nfe-upload.ts';

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
