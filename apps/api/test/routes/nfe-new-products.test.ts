import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildNfe, resign, type NfeTestItem } from '../../../../test-support/nfe-builder.ts';
import { buildTestApp, signUpAndLogin, type TestContext } from '../helper.ts';
import { cnpjFor, cnpjFromBase, createProduct, unique, uniqueGtin, unityId } from '../factories.ts';
import { assertLedgerInvariant } from '../invariants.ts';
import { importNfe, previewNfe, setBusiness } from '../nfe-upload.ts';

// What an import adds to the catalog (docs/decisions/0039): barcodes and packages of new products, the list's
// search by key, and two imports racing for one SKU or one note.

let ctx: TestContext;
let cookie: string;
let un: number;

beforeAll(async () => {
  ctx = await buildTestApp();
  cookie = await signUpAndLogin(ctx.app, 'admin@recebimento.com.br', 'Rita Recebe');
  await setBusiness(ctx.app, cookie);
  un = await unityId(ctx.app, cookie, 'UN');
});
afterAll(async () => {
  await assertLedgerInvariant(ctx.handle.db);
  await ctx.close();
});

const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: { cookie } });
const emitter = () => ({ cnpj: cnpjFor(unique() + 7000), name: `Atacado ${unique()} Ltda` });

const gtin = uniqueGtin;

/** The note's XML with one element of one item replaced (the builder writes cEANTrib = cEAN). */
function withTag(xml: string, item: number, tag: string, value: string): string {
  const start = xml.indexOf(`<det nItem="${item}">`);
  const end = xml.indexOf('</det>', start);
  const det = xml
    .slice(start, end)
    .replace(new RegExp(`<${tag}>[^<]*</${tag}>`), `<${tag}>${value}</${tag}>`);
  return resign(xml.slice(0, start) + det + xml.slice(end));
}

const create = (item: number, unitsPerPackage?: string) => ({
  item,
  create: {
    sku: `NOVO-${unique()}`,
    name: `Produto novo ${unique()}`,
    categoryId: 1,
    baseUnityId: un,
    ...(unitsPerPackage ? { unitsPerPackage } : {}),
  },
});

async function importedProducts(xml: string, items: unknown[]) {
  const imported = await importNfe(ctx.app, cookie, xml, { items });
  expect(imported.statusCode, imported.body).toBe(201);
  const detail = (await get(`/api/stock/nfe/v1/${imported.json().id}`)).json();
  return Promise.all(
    detail.items.map(async (item: { product: { id: number }; productUnity: { id: number } }) => {
      const product = (await get(`/api/products/v1/${item.product.id}`)).json();
      const unity = product.unities.find((u: { id: number }) => u.id === item.productUnity.id);
      return { product, unity };
    }),
  );
}

describe('a product created from an NF-e item', () => {
  it('puts cEAN on the package it is received in and cEANTrib on the product; the next note finds the package', async () => {
    const bale = gtin();
    const unit = gtin();
    const item: NfeTestItem = {
      code: 'AG-FD',
      description: 'AGUA 500ML FD C/12',
      gtin: bale,
      unit: 'FD',
      quantity: '2.0000',
      total: '36.00',
      taxUnit: 'UN',
      taxQuantity: '24.0000',
    };
    const note = buildNfe({ items: [item], emitter: emitter(), number: String(unique()) });
    const xml = withTag(note.xml, 1, 'cEANTrib', unit);
    const [created] = await importedProducts(xml, [create(1, '12')]);
    expect(created?.product.barcode).toBe(unit);
    expect(created?.unity).toMatchObject({ barcode: bale, quantity: '12.000' });

    // another supplier's note with the bale's GTIN: matched to the package, 3 bales are 36 units
    const other = buildNfe({
      items: [{ ...item, code: 'OUTRO-COD', quantity: '3.0000', total: '54.00', taxQuantity: '36.0000' }],
      emitter: emitter(),
      number: String(unique()),
    });
    const preview = (await previewNfe(ctx.app, cookie, other.xml)).json();
    expect(preview.items[0].match).toMatchObject({
      via: 'gtin',
      productId: created?.product.id,
      productUnityId: created?.unity.id,
    });
    const { productId, productUnityId } = preview.items[0].match;
    const second = await importNfe(ctx.app, cookie, other.xml, {
      items: [{ item: 1, productId, productUnityId }],
    });
    expect(second.statusCode, second.body).toBe(201);
    const ledger = (await get(`/api/stock/nfe/v1/${second.json().id}`)).json().ledger;
    expect(ledger[0]).toMatchObject({ quantity: '3.000', baseQuantity: '36.000' });
  });

  it('stores no SEM GTIN nor a wrong check digit; without a package the product takes cEAN, or cEANTrib of the same unit', async () => {
    const valid = gtin();
    const wrongDigit = `${valid.slice(0, 12)}${(Number(valid[12]) + 1) % 10}`;
    const sameUnit = gtin();
    const otherUnit = gtin();
    const items: NfeTestItem[] = [
      { code: 'A', description: 'A', quantity: '1.0000', total: '1.00', gtin: valid },
      { code: 'B', description: 'B', quantity: '1.0000', total: '1.00', gtin: wrongDigit },
      { code: 'C', description: 'C', quantity: '1.0000', total: '1.00' },
      { code: 'D', description: 'D CX', unit: 'CX', quantity: '1.0000', total: '1.00', taxUnit: 'UN' },
      { code: 'E', description: 'E CX C/6', unit: 'CX', quantity: '1.0000', total: '6.00', taxUnit: 'UN' },
    ];
    let xml = buildNfe({ items, emitter: emitter(), number: String(unique()) }).xml;
    xml = withTag(xml, 3, 'cEANTrib', sameUnit); // C: SEM GTIN in cEAN, the same unit's GTIN in cEANTrib
    xml = withTag(xml, 4, 'cEANTrib', otherUnit); // D: cEANTrib of UN while the product counts CX
    xml = withTag(xml, 5, 'cEAN', 'SEM GTIN');
    xml = withTag(xml, 5, 'cEANTrib', wrongDigit);
    const made = await importedProducts(xml, [create(1), create(2), create(3), create(4), create(5, '6')]);
    expect(made.map(({ product }) => product.barcode)).toEqual([valid, null, sameUnit, null, null]);
    expect(made.map(({ unity }) => unity.barcode)).toEqual([null, null, null, null, null]);
  });

  it('packs it in the packaging type the note unit names (FD is Fardo), else in Caixa', async () => {
    const items: NfeTestItem[] = [
      { code: 'FD1', description: 'FARDO', unit: 'FD', quantity: '1.0000', total: '12.00' },
      { code: 'PC1', description: 'PACOTE', unit: 'pct', quantity: '1.0000', total: '5.00' },
      { code: 'CX1', description: 'CAIXA', unit: 'CX', quantity: '1.0000', total: '6.00' },
      { code: 'DZ1', description: 'DUZIA', unit: 'DZ', quantity: '1.0000', total: '12.00' },
    ];
    const note = buildNfe({ items, emitter: emitter(), number: String(unique()) });
    const preview = (await previewNfe(ctx.app, cookie, note.xml)).json();
    expect(preview.items.map((i: { newPackageKind: string }) => i.newPackageKind)).toEqual([
      'Fardo',
      'Pacote',
      'Caixa',
      'Caixa',
    ]);
    const made = await importedProducts(note.xml, [
      create(1, '12'),
      create(2, '5'),
      create(3, '6'),
      create(4, '12'),
    ]);
    expect(made.map(({ unity }) => [unity.label, unity.unity.code, unity.unityBatch.code])).toEqual([
      ['Fardo c/ 12 UN', 'FD', 'FARDO'],
      ['Pacote c/ 5 UN', 'PCT', 'PACOTE'],
      ['Caixa c/ 6 UN', 'CX', 'CAIXA'],
      ['Caixa c/ 12 UN', 'CX', 'CAIXA'],
    ]);
  });
});

describe('the list of received notes', () => {
  it('finds a note by the start of an alphanumeric key typed in lower case', async () => {
    const cnpj = cnpjFromBase(
      `${String(unique() % 1000).padStart(3, '0')}AB${String(unique() % 1000).padStart(3, '0')}CD01`,
    );
    const product = await createProduct(ctx.app, cookie, { name: `Chá ${unique()}` });
    const productUnityId = (await get(`/api/products/v1/${product.id}`)).json().unities[0].id;
    const note = buildNfe({
      items: [{ code: 'CHA', description: 'CHA', quantity: '1.0000', total: '4.00' }],
      emitter: { cnpj, name: 'Chás Alfanuméricos Ltda' },
      number: String(unique()),
    });
    const imported = await importNfe(ctx.app, cookie, note.xml, {
      items: [{ item: 1, productId: product.id, productUnityId }],
    });
    expect(imported.statusCode, imported.body).toBe(201);
    expect(note.key).toMatch(/[A-Z]/);
    for (const q of [note.key.slice(0, 20).toLowerCase(), note.key.slice(0, 20), note.key.toLowerCase()]) {
      const list = (await get(`/api/stock/nfe/v1?q=${q}`)).json();
      expect(
        list.data.map((r: { id: number }) => r.id),
        q,
      ).toEqual([imported.json().id]);
    }
  });
});

describe('imports at the same time', () => {
  it('two notes creating one new SKU: the loser is told the SKU is taken, on both databases', async () => {
    const sku = `DUP-${unique()}`;
    const notes = [1, 2, 3, 4].map(() =>
      buildNfe({
        items: [{ code: 'DUP', description: 'DUPLICADO', quantity: '1.0000', total: '2.00' }],
        emitter: emitter(),
        number: String(unique()),
      }),
    );
    const answers = await Promise.all(
      notes.map((note) =>
        importNfe(ctx.app, cookie, note.xml, {
          items: [{ item: 1, create: { sku, name: 'Duplicado', categoryId: 1, baseUnityId: un } }],
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409]);
    for (const answer of answers.filter((a) => a.statusCode === 409)) {
      expect(answer.json()).toMatchObject({
        code: 'CONFLICT',
        message: `Já existe um produto com o código (SKU) ${sku}.`,
      });
    }
  });

  it('one SKU chosen for two new products of one note: a 400 naming both items, and nothing written', async () => {
    const sku = `MESMO-${unique()}`;
    const note = buildNfe({
      items: [
        { code: 'M1', description: 'METADE UM', quantity: '1.0000', total: '2.00' },
        { code: 'M2', description: 'METADE DOIS', quantity: '1.0000', total: '2.00' },
      ],
      emitter: emitter(),
      number: String(unique()),
    });
    const product = { categoryId: 1, baseUnityId: un };
    const answer = await importNfe(ctx.app, cookie, note.xml, {
      items: [
        { item: 1, create: { sku, name: 'Metade um', ...product } },
        { item: 2, create: { sku: sku.toLowerCase(), name: 'Metade dois', ...product } },
      ],
    });
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json().message).toContain(
      `O código (SKU) ${sku} foi escolhido para dois produtos novos (itens 1 e 2).`,
    );
    expect((await get(`/api/products/v1?q=${sku}`)).json().total).toBe(0);
  });

  it('one note imported twice at once: the loser is told it was imported', async () => {
    const product = await createProduct(ctx.app, cookie, { name: `Mate ${unique()}` });
    const productUnityId = (await get(`/api/products/v1/${product.id}`)).json().unities[0].id;
    const number = String(unique());
    const note = buildNfe({
      items: [{ code: 'MATE', description: 'MATE', quantity: '1.0000', total: '3.00' }],
      emitter: emitter(),
      number,
    });
    const data = { items: [{ item: 1, productId: product.id, productUnityId }] };
    const answers = await Promise.all([1, 2, 3].map(() => importNfe(ctx.app, cookie, note.xml, data)));
    // the bodies in the message: a failure here says which answer was not what it should be
    expect(answers.map((a) => a.statusCode).sort(), answers.map((a) => a.body).join('\n')).toEqual([
      201, 409, 409,
    ]);
    for (const answer of answers.filter((a) => a.statusCode === 409)) {
      expect(answer.json().message).toBe(`A NF-e ${number}/1 (mesma chave de acesso) já foi importada.`);
    }
  });
});
