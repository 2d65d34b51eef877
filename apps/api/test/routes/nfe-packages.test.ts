import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildNfe, type NfeTestItem } from '../../../../test-support/nfe-builder.ts';
import { buildTestApp, signUpAndLogin, type TestContext } from '../helper.ts';
import {
  batchId,
  cnpjFor,
  createBox,
  createProduct,
  defaultUnityId,
  unique,
  uniqueGtin,
  unityId,
} from '../factories.ts';
import { assertLedgerInvariant } from '../invariants.ts';
import { importNfe, previewNfe, setBusiness } from '../nfe-upload.ts';

// Packages that disagree and the cost price of products created by an import (docs/decisions/0062).

let ctx: TestContext;
let cookie: string;
let un: number;

beforeAll(async () => {
  ctx = await buildTestApp();
  cookie = await signUpAndLogin(ctx.app, 'admin@embalagens.com.br', 'Paulo Pacote');
  await setBusiness(ctx.app, cookie);
  un = await unityId(ctx.app, cookie, 'UN');
});
afterAll(async () => {
  await assertLedgerInvariant(ctx.handle.db);
  await ctx.close();
});

const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: { cookie } });
const emitter = () => ({ cnpj: cnpjFor(unique() + 9000), name: `Distribuidora ${unique()} Ltda` });
const note = (items: NfeTestItem[], from = emitter()) =>
  buildNfe({ items, emitter: from, number: String(unique()) }).xml;

/** A product with a "Caixa c/ 12 UN" that the supplier's code CX-12 is learned for by a first import. */
async function learnedBox() {
  const product = await createProduct(ctx.app, cookie);
  const box = await createBox(ctx.app, cookie, product.id, 12);
  const from = emitter();
  const first = note(
    [{ code: 'CX-12', description: 'BISCOITO CX', unit: 'CX', quantity: '1.0000', total: '12.00' }],
    from,
  );
  const imported = await importNfe(ctx.app, cookie, first, {
    items: [{ item: 1, productId: product.id, productUnityId: box.id }],
  });
  expect(imported.statusCode, imported.body).toBe(201);
  return { product, box, from };
}

const tenPerBox: NfeTestItem = {
  code: 'CX-12',
  description: 'BISCOITO CX',
  unit: 'CX',
  quantity: '2.0000',
  total: '20.00',
  taxUnit: 'UN',
  taxQuantity: '20.0000',
};

describe('packages that disagree', () => {
  it('warns when the note says 10 per box and the learned package is Caixa c/ 12; the import wants the word', async () => {
    const { product, box, from } = await learnedBox();
    const xml = note([tenPerBox], from);
    const preview = (await previewNfe(ctx.app, cookie, xml)).json();
    const item = preview.items[0];
    expect(item.match).toMatchObject({ via: 'supplier-code', productUnityId: box.id });
    expect(item.packageConflict).toEqual({ noteUnitsPerPackage: '10.000', matchedUnitsPerPackage: '12.000' });
    expect(item.warnings).toContain(
      'A nota diz 10 UN por CX (qTrib ÷ qCom), mas a embalagem aprendida é Caixa c/ 12 UN. Confira a embalagem.',
    );

    const refused = await importNfe(ctx.app, cookie, xml, {
      items: [{ item: 1, productId: product.id, productUnityId: box.id }],
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toMatch(/item 1\b/);
    expect(refused.json().message).toMatch(/Confirme a embalagem/);

    const confirmed = await importNfe(ctx.app, cookie, xml, {
      items: [{ item: 1, productId: product.id, productUnityId: box.id, confirmPackage: true }],
    });
    expect(confirmed.statusCode, confirmed.body).toBe(201);
    const ledger = (await get(`/api/stock/nfe/v1/${confirmed.json().id}`)).json().ledger;
    expect(ledger[0]).toMatchObject({ quantity: '2.000', baseQuantity: '24.000' });
  });

  it('takes another package of the product without a confirmation', async () => {
    const { product, from } = await learnedBox();
    const ten = await createBox(ctx.app, cookie, product.id, 10);
    const xml = note([tenPerBox], from);
    expect((await previewNfe(ctx.app, cookie, xml)).json().items[0].packageConflict).not.toBeNull();
    const imported = await importNfe(ctx.app, cookie, xml, {
      items: [{ item: 1, productId: product.id, productUnityId: ten.id }],
    });
    expect(imported.statusCode, imported.body).toBe(201);
    const ledger = (await get(`/api/stock/nfe/v1/${imported.json().id}`)).json().ledger;
    expect(ledger[0]).toMatchObject({ quantity: '2.000', baseQuantity: '20.000' });
  });

  it('warns when the GTIN of the unit matches a line counted in boxes of 24', async () => {
    const gtin = uniqueGtin();
    const product = await createProduct(ctx.app, cookie, { barcode: gtin });
    const unit = await defaultUnityId(ctx.app, cookie, product.id);
    const xml = note([
      {
        code: 'AGUA-CX',
        description: 'AGUA CX 24',
        gtin,
        unit: 'CX',
        quantity: '1.0000',
        total: '24.00',
        taxUnit: 'UN',
        taxQuantity: '24.0000',
      },
    ]);
    const item = (await previewNfe(ctx.app, cookie, xml)).json().items[0];
    expect(item.match).toMatchObject({ via: 'gtin', productUnityId: unit });
    expect(item.packageConflict).toEqual({ noteUnitsPerPackage: '24.000', matchedUnitsPerPackage: '1.000' });
    expect(item.warnings.join(' ')).toMatch(/24 UN por CX.*código de barras.*Confira a embalagem/);
    const refused = await importNfe(ctx.app, cookie, xml, {
      items: [{ item: 1, productId: product.id, productUnityId: unit }],
    });
    expect(refused.statusCode).toBe(422);
  });

  it("warns when the learned code's package is not the one the note's cEAN names", async () => {
    const { product, box, from } = await learnedBox();
    const gtin = uniqueGtin();
    const six = await ctx.app.inject({
      method: 'POST',
      url: `/api/products/v1/${product.id}/unity/v1`,
      headers: { cookie },
      payload: {
        unityId: await unityId(ctx.app, cookie, 'CX'),
        unityBatchId: await batchId(ctx.app, cookie, 'CAIXA'),
        quantity: 6,
        barcode: gtin,
      },
    });
    expect(six.statusCode, six.body).toBe(201);
    const xml = note([{ ...tenPerBox, gtin, taxUnit: undefined, taxQuantity: undefined }], from);
    const item = (await previewNfe(ctx.app, cookie, xml)).json().items[0];
    expect(item.match).toMatchObject({ via: 'supplier-code', productUnityId: box.id });
    expect(item.packageConflict).toEqual({ noteUnitsPerPackage: '6.000', matchedUnitsPerPackage: '12.000' });
    expect(item.warnings).toContain(
      'O código de barras da nota (cEAN) é da embalagem Caixa c/ 6 UN, mas a embalagem aprendida é Caixa c/ 12 UN. Confira a embalagem.',
    );
    // a new product instead also settles it
    const created = await importNfe(ctx.app, cookie, xml, {
      items: [
        { item: 1, create: { sku: `NFE-${unique()}`, name: 'Biscoito', categoryId: 1, baseUnityId: un } },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
  });

  it('says nothing when the note agrees with the learned package', async () => {
    const { from } = await learnedBox();
    const xml = note([{ ...tenPerBox, quantity: '2.0000', taxQuantity: '24.0000', total: '24.00' }], from);
    const item = (await previewNfe(ctx.app, cookie, xml)).json().items[0];
    expect(item.packageConflict).toBeNull();
    expect(item.warnings).toEqual([]);
  });
});

describe('a product created by the import', () => {
  it('gets the entry cost per base unit as its cost price', async () => {
    const xml = note([
      {
        code: 'FORNO-1',
        description: '[JC10013A09] FORNO ELETRICO 45L',
        quantity: '3.0000',
        total: '1000.00',
        unitPrice: '333.3333',
      },
      {
        code: 'CX-6',
        description: 'COPO CX 6',
        unit: 'CX',
        quantity: '2.0000',
        total: '60.00',
        unitPrice: '30.00',
        taxUnit: 'UN',
        taxQuantity: '12.0000',
      },
    ]);
    const create = (item: number, unitsPerPackage?: string) => ({
      item,
      create: {
        sku: `NFE-${unique()}`,
        name: `Novo ${unique()}`,
        categoryId: 1,
        baseUnityId: un,
        ...(unitsPerPackage ? { unitsPerPackage } : {}),
      },
    });
    const imported = await importNfe(ctx.app, cookie, xml, { items: [create(1), create(2, '6')] });
    expect(imported.statusCode, imported.body).toBe(201);
    const detail = (await get(`/api/stock/nfe/v1/${imported.json().id}`)).json();
    const prices = await Promise.all(
      detail.items.map(
        async (item: { product: { id: number } }) =>
          (await get(`/api/products/v1/${item.product.id}`)).json().currentPrice,
      ),
    );
    // 1000,00 ÷ 3 = 333,33333… → 333,3333; 60,00 ÷ 12 UN = 5,0000
    expect(prices[0]).toMatchObject({ costPrice: '333.3333', salePrice: '0.0000' });
    expect(prices[1]).toMatchObject({ costPrice: '5.0000', salePrice: '0.0000' });
  });
});
