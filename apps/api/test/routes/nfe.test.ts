import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildNfe, type NfeTestItem } from '../../../../test-support/nfe-builder.ts';
import { buildTestApp, signUpAndLogin, type TestContext } from '../helper.ts';
import {
  cnpjFor,
  createBox,
  createCategory,
  createProduct,
  stockOut,
  unityId,
  unique,
} from '../factories.ts';
import { assertLedgerInvariant } from '../invariants.ts';
import { importNfe, previewNfe } from '../nfe-upload.ts';

let ctx: TestContext;
let cookie: string;
let un: number;
const BUSINESS = '11222333000181';

beforeAll(async () => {
  ctx = await buildTestApp();
  cookie = await signUpAndLogin(ctx.app, 'admin@notas.com.br', 'Nina Notas');
  await ctx.app.inject({
    method: 'PUT',
    url: '/api/settings/v1',
    headers: { cookie },
    payload: { businessName: 'Mercearia Boa Vista', businessDocument: BUSINESS },
  });
  un = await unityId(ctx.app, cookie, 'UN');
});
afterAll(async () => {
  await assertLedgerInvariant(ctx.handle.db);
  await ctx.close();
});

const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: { cookie } });
const emitter = () => ({
  cnpj: cnpjFor(unique() + 5000),
  name: `Atacado ${unique()} Ltda`,
  ie: '110042490114',
});

describe('NF-e receipts', () => {
  it('previews, imports with a product created inline and one matched by GTIN, then learns the codes', async () => {
    const gtin = '7891000315507';
    const known = await createProduct(ctx.app, cookie, { name: 'Café 500 g', barcode: gtin });
    const supplier = emitter();
    const items: NfeTestItem[] = [
      {
        code: 'CAF-500',
        gtin,
        description: 'CAFE 500G',
        quantity: '10.0000',
        total: '100.00',
        discount: '5.00',
        freight: '2.50',
        ipi: '1.00',
      },
      {
        code: 'ACU-CX',
        description: 'ACUCAR 1KG CX C/12',
        unit: 'CX',
        quantity: '2.0000',
        total: '60.00',
        taxUnit: 'UN',
        taxQuantity: '24.0000',
        icms: { group: 'ICMS10', cst: '10', vICMS: '2.00', vICMSST: '6.00', vFCPST: '0.50' },
        lots: [
          { number: 'L-01', quantity: '12.000', manufacturedOn: '2026-08-01', expiresOn: '2027-08-31' },
          { number: 'L-02', quantity: '12.000', manufacturedOn: '2026-08-15', expiresOn: '2027-09-30' },
        ],
      },
    ];
    const note = buildNfe({ items, emitter: supplier, number: String(unique()) });
    const preview = await previewNfe(ctx.app, cookie, note.xml);
    expect(preview.statusCode).toBe(200);
    const body = preview.json();
    expect(body).toMatchObject({
      accessKey: note.key,
      authorized: true,
      alreadyImported: false,
      errors: [],
      warnings: [],
    });
    expect(body.supplier).toMatchObject({ document: supplier.cnpj, id: null });
    expect(body.items[0]).toMatchObject({
      totalCost: '98.5000',
      match: { productId: known.id, via: 'gtin' },
    });
    expect(body.items[1]).toMatchObject({
      totalCost: '66.5000',
      match: null,
      suggestedUnitsPerPackage: '12.000',
      suggestedSku: 'ACU-CX',
    });
    expect(body.items[1].lots).toHaveLength(2);
    expect(body.totals).toMatchObject({
      invoice: '165.0000',
      itemsInvoice: '165.0000',
      difference: '0.0000',
    });

    const category = 1;
    const imported = await importNfe(ctx.app, cookie, note.xml, {
      occurredOn: '2026-09-12',
      items: [
        { item: 1, productId: known.id, productUnityId: body.items[0].match.productUnityId },
        {
          item: 2,
          create: {
            sku: `ACU-${unique()}`,
            name: 'Açúcar 1 kg',
            categoryId: category,
            baseUnityId: un,
            unitsPerPackage: '12',
          },
        },
      ],
    });
    expect(imported.statusCode).toBe(201);
    const receipt = imported.json();
    expect(receipt).toMatchObject({
      accessKey: note.key,
      occurredOn: '2026-09-12',
      entries: 2,
      totalCost: '165.0000',
    });

    const detail = (await get(`/api/stock/nfe/v1/${receipt.id}`)).json();
    expect(detail.items[1]).toMatchObject({ productUnity: { label: 'Caixa c/ 12 UN' }, quantity: '2.000' });
    expect(detail.items[1].lots[1]).toMatchObject({
      number: 'L-02',
      quantity: '12.000',
      expiresOn: '2027-09-30',
    });
    expect(detail.ledger).toHaveLength(2);
    expect(detail.ledger[1]).toMatchObject({
      source: 'nfe',
      document: `NF-e ${receipt.number}/1`,
      baseQuantity: '24.000',
      totalCost: '66.5000',
      unitCost: '33.2500',
    });
    expect(detail.ledger[0].supplier.id).toBe(receipt.supplier.id);

    const created = (await get(`/api/products/v1/${detail.items[1].product.id}`)).json();
    expect(created).toMatchObject({ stockQuantity: '24.000', ncm: '21069090' });
    const suppliers = (await get(`/api/suppliers/v1/${receipt.supplier.id}/products/v1`)).json();
    expect(suppliers.map((p: { id: number }) => p.id).sort()).toEqual(
      [known.id, detail.items[1].product.id].sort(),
    );

    const xml = await get(`/api/stock/nfe/v1/${receipt.id}/xml`);
    expect(xml.statusCode).toBe(200);
    expect(xml.body).toBe(note.xml);

    // the same key again
    const again = await importNfe(ctx.app, cookie, note.xml, { items: [] });
    expect(again.statusCode).toBe(409);
    expect((await previewNfe(ctx.app, cookie, note.xml)).json().alreadyImported).toBe(true);

    // the supplier's next invoice: both items known by their codes
    const next = buildNfe({ items, emitter: supplier, number: String(unique()) });
    const second = (await previewNfe(ctx.app, cookie, next.xml)).json();
    expect(second.supplier.id).toBe(receipt.supplier.id);
    expect(second.items.map((i: { match: { via: string } }) => i.match.via)).toEqual([
      'supplier-code',
      'supplier-code',
    ]);
    expect(second.items[1].match.productUnity.label).toBe('Caixa c/ 12 UN');

    const list = (await get(`/api/stock/nfe/v1?q=${receipt.number}`)).json();
    expect(list.data[0]).toMatchObject({
      id: receipt.id,
      supplier: { name: supplier.name },
      createdBy: { name: 'Nina Notas' },
    });
    // like every list: an unknown sort and a backwards date range are refused, not ignored
    const bogus = await get('/api/stock/nfe/v1?sort=bogus');
    expect([bogus.statusCode, bogus.json().message]).toEqual([400, 'Ordenação inválida.']);
    const backwards = await get('/api/stock/nfe/v1?from=2026-11-30&to=2026-11-01');
    expect([backwards.statusCode, backwards.json().message]).toEqual([
      400,
      'A data inicial deve ser anterior ou igual à final.',
    ]);
  });

  it('imports several notes of a new supplier at once, creating the supplier once', async () => {
    const product = await createProduct(ctx.app, cookie, { name: `Feijão ${unique()}` });
    const productUnityId = (await get(`/api/products/v1/${product.id}`)).json().unities[0].id;
    const from = emitter();
    const notes = [1, 2, 3].map(() =>
      buildNfe({
        items: [{ code: 'FJ1', description: 'FEIJAO', quantity: '2.0000', total: '20.00' }],
        emitter: from,
        number: String(unique()),
      }),
    );
    const answers = await Promise.all(
      notes.map((note) =>
        importNfe(ctx.app, cookie, note.xml, { items: [{ item: 1, productId: product.id, productUnityId }] }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201]);
    const suppliers = new Set(answers.map((a) => a.json().supplier.id));
    expect(suppliers.size).toBe(1);
    const rows = await ctx.handle.db
      .selectFrom('suppliers')
      .select('id')
      .where('document', '=', from.cnpj)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('undoes an import, unless its stock has gone out since', async () => {
    const product = await createProduct(ctx.app, cookie, { name: 'Arroz 5 kg' });
    const unity = (await get(`/api/products/v1/${product.id}`)).json().unities?.[0]?.id ?? null;
    const noteA = buildNfe({
      items: [{ code: 'ARZ', description: 'ARROZ', quantity: '5.0000', total: '100.00' }],
      emitter: emitter(),
      number: String(unique()),
    });
    const preview = (await previewNfe(ctx.app, cookie, noteA.xml)).json();
    const choice = {
      item: 1,
      productId: product.id,
      productUnityId: unity ?? preview.items[0].match?.productUnityId,
    };
    const receipt = (
      await importNfe(ctx.app, cookie, noteA.xml, { occurredOn: '2026-09-20', items: [choice] })
    ).json();
    await stockOut(ctx.app, cookie, {
      productId: product.id,
      productUnityId: choice.productUnityId,
      quantity: 3,
      reason: 'venda',
      occurredOn: '2026-09-25',
    });
    const refused = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/stock/nfe/v1/${receipt.id}`,
      headers: { cookie },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('INSUFFICIENT_STOCK');

    const noteB = buildNfe({
      items: [{ code: 'ARZ', description: 'ARROZ', quantity: '2.0000', total: '40.00' }],
      emitter: emitter(),
      number: String(unique()),
    });
    const other = (await importNfe(ctx.app, cookie, noteB.xml, { items: [choice] })).json();
    const undone = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/stock/nfe/v1/${other.id}`,
      headers: { cookie },
    });
    expect(undone.statusCode).toBe(204);
    // a second undo (also two at once) is refused as already done, on both databases
    const again = await Promise.all(
      [1, 2].map(() =>
        ctx.app.inject({ method: 'DELETE', url: `/api/stock/nfe/v1/${other.id}`, headers: { cookie } }),
      ),
    );
    for (const response of again) {
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        code: 'CONFLICT',
        message: 'A importação desta nota já foi desfeita.',
      });
    }
    const detail = (await get(`/api/stock/nfe/v1/${other.id}`)).json();
    expect(detail.undoneAt).not.toBeNull();
    expect(detail.ledger[0].cancelledAt).not.toBeNull();
    // the undone note leaves the default list, and the Situação filter finds it (issue 33)
    const listed = async (situation?: string) =>
      (await get(`/api/stock/nfe/v1?pageSize=100${situation ? `&situation=${situation}` : ''}`))
        .json()
        .data.map((r: { id: number }) => r.id) as number[];
    expect(await listed()).not.toContain(other.id);
    expect(await listed('undone')).toContain(other.id);
    expect(await listed('undone')).not.toContain(receipt.id);
    expect(await listed('all')).toEqual(expect.arrayContaining([other.id, receipt.id]));
    expect((await get('/api/stock/nfe/v1?situation=x')).statusCode).toBe(400);
    // undone: the same note may come in again
    const back = await importNfe(ctx.app, cookie, noteB.xml, { items: [choice] });
    expect(back.statusCode).toBe(201);
    // two undos racing: one undoes, the other is told it is done
    const racing = await Promise.all(
      [1, 2].map(() =>
        ctx.app.inject({ method: 'DELETE', url: `/api/stock/nfe/v1/${back.json().id}`, headers: { cookie } }),
      ),
    );
    expect(racing.map((r) => r.statusCode).sort()).toEqual([204, 409]);
    expect(racing.find((r) => r.statusCode === 409)?.json().message).toBe(
      'A importação desta nota já foi desfeita.',
    );
  });

  it('creates no product in a deactivated category, and boxes a new product in CX only while CAIXA is active', async () => {
    const patch = (url: string, payload: object) =>
      ctx.app.inject({ method: 'PATCH', url, headers: { cookie }, payload });
    const name = `Linha antiga NF-e ${unique()}`;
    const category = await createCategory(ctx.app, cookie, name);
    await patch(`/api/categories/v1/${category.id}`, { status: 'inactive' });
    const kinds = (await get('/api/unity-batches/v1')).json();
    const caixa = kinds.find((k: { code: string }) => k.code === 'CAIXA');
    const note = buildNfe({
      items: [{ code: 'OLE', description: 'OLEO CX C/6', unit: 'CX', quantity: '1.0000', total: '42.00' }],
      emitter: emitter(),
      number: String(unique()),
    });
    const create = (categoryId: number) => ({
      occurredOn: '2026-09-15',
      items: [
        {
          item: 1,
          create: {
            sku: `OLE-${unique()}`,
            name: 'Óleo 900 ml',
            categoryId,
            baseUnityId: un,
            unitsPerPackage: '6',
          },
        },
      ],
    });
    const refused = await importNfe(ctx.app, cookie, note.xml, create(category.id));
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toMatchObject({
      message: `A categoria ${name} está desativada: reative-a em Categorias ou use outra.`,
      // the path into the request body: the first choice, whatever item of the note it names
      issues: [{ path: 'items.0.create.categoryId' }],
    });

    await patch(`/api/unity-batches/v1/${caixa.id}`, { status: 'inactive' });
    try {
      const imported = await importNfe(ctx.app, cookie, note.xml, create(1));
      expect(imported.statusCode, imported.body).toBe(201);
      const detail = (await get(`/api/stock/nfe/v1/${imported.json().id}`)).json();
      // no deactivated CAIXA for the new package: the default kind and the product's own unit
      expect(detail.items[0].productUnity.label).not.toMatch(/^Caixa/);
      expect(detail.items[0]).toMatchObject({ quantity: '1.000' });
    } finally {
      await patch(`/api/unity-batches/v1/${caixa.id}`, { status: 'active' });
    }
  });

  it('refuses an import dated in a closed month', async () => {
    const product = await createProduct(ctx.app, cookie, { name: 'Feijão 1 kg' });
    const box = await createBox(ctx.app, cookie, product.id, 10);
    const closed = await ctx.app.inject({
      method: 'POST',
      url: '/api/stock/closings/v1',
      headers: { cookie },
      payload: { year: 2026, month: 8 },
    });
    expect(closed.statusCode).toBe(201);
    const note = buildNfe({
      items: [{ code: 'FJ', description: 'FEIJAO CX', unit: 'CX', quantity: '1.0000', total: '80.00' }],
      emitter: emitter(),
      number: String(unique()),
      issuedAt: '2026-08-05T09:00:00-03:00',
    });
    const response = await importNfe(ctx.app, cookie, note.xml, {
      occurredOn: '2026-08-20',
      items: [{ item: 1, productId: product.id, productUnityId: box.id }],
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'PERIOD_CLOSED',
      message: 'O mês 08/2026 está fechado para movimentações.',
    });
    const before = await importNfe(ctx.app, cookie, note.xml, {
      occurredOn: '2026-08-01',
      items: [{ item: 1, productId: product.id, productUnityId: box.id }],
    });
    expect(before.statusCode).toBe(400);
  });

  it('warns about an unauthorised note and imports it only when accepted; names unresolved items', async () => {
    const product = await createProduct(ctx.app, cookie, { name: 'Sal 1 kg' });
    const unityOf = (await get(`/api/products/v1/${product.id}/unity/v1/select`)).json()[0].id;
    const note = buildNfe({
      items: [
        { code: 'SAL', description: 'SAL', quantity: '1.0000', total: '3.00' },
        { code: 'X', description: 'X', quantity: '1.0000', total: '1.00' },
      ],
      bare: true,
      emitter: emitter(),
      number: String(unique()),
    });
    const preview = (await previewNfe(ctx.app, cookie, note.xml)).json();
    expect(preview.authorized).toBe(false);
    expect(preview.warnings[0]).toContain('autorização');
    const one = [{ item: 1, productId: product.id, productUnityId: unityOf }];
    const unresolved = await importNfe(ctx.app, cookie, note.xml, { acceptUnauthorized: true, items: one });
    expect(unresolved.statusCode).toBe(422);
    expect(unresolved.json().message).toContain('item 2');
    const both = [...one, { item: 2, productId: product.id, productUnityId: unityOf }];
    expect((await importNfe(ctx.app, cookie, note.xml, { items: both })).statusCode).toBe(422);
    expect(
      (await importNfe(ctx.app, cookie, note.xml, { acceptUnauthorized: true, items: both })).statusCode,
    ).toBe(201);
  });

  it('refuses a note for another business, a foreign file and a 6 MB file', async () => {
    const note = buildNfe({
      items: [{ code: 'A', description: 'A', quantity: '1.0000', total: '1.00' }],
      destination: { cnpj: cnpjFor(777) },
    });
    const preview = (await previewNfe(ctx.app, cookie, note.xml)).json();
    // both documents masked, as the screens show them
    expect(preview.errors[0]).toMatch(
      /^A nota é destinada a \d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}, não ao documento desta empresa \(\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}\)\.$/,
    );
    const imported = await importNfe(ctx.app, cookie, note.xml, { items: [] });
    expect(imported.statusCode).toBe(422);
    const noDest = buildNfe({
      items: [{ code: 'A', description: 'A', quantity: '1.0000', total: '1.00' }],
      destination: null,
    });
    expect((await previewNfe(ctx.app, cookie, noDest.xml)).json().errors[0]).toMatch(
      /^A nota não informa o destinatário: esta empresa \(\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}\) só importa notas destinadas a ela ou emitidas por ela\.$/,
    );
    // issued after today: said in the preview, and the import (no date given) says why it cannot come in
    const ahead = buildNfe({
      items: [{ code: 'A', description: 'A', quantity: '1.0000', total: '1.00' }],
      emitter: emitter(),
      number: String(unique()),
      issuedAt: '2999-01-10T10:00:00-03:00',
    });
    const aheadMessage =
      'A nota foi emitida em 10/01/2999, depois de hoje: ela só pode entrar no estoque a partir dessa data.';
    expect((await previewNfe(ctx.app, cookie, ahead.xml)).json().errors).toContain(aheadMessage);
    const early = await importNfe(ctx.app, cookie, ahead.xml, { items: [] });
    expect([early.statusCode, early.json().message]).toEqual([422, aheadMessage]);
    // a product that does not exist is named as such, not as a package of another product
    const product = await createProduct(ctx.app, cookie, { name: `Avulso ${unique()}` });
    const unity = (await get(`/api/products/v1/${product.id}`)).json().unities[0].id;
    const own = buildNfe({
      items: [{ code: 'A', description: 'A', quantity: '1.0000', total: '1.00' }],
      emitter: emitter(),
      number: String(unique()),
    });
    const missing = await importNfe(ctx.app, cookie, own.xml, {
      items: [{ item: 1, productId: 999_999, productUnityId: unity }],
    });
    expect([missing.statusCode, missing.json().message]).toEqual([
      400,
      'O produto escolhido para o item 1 não foi encontrado.',
    ]);
    // an item with neither a product nor one to create says what it needs
    const neither = await importNfe(ctx.app, cookie, own.xml, { items: [{ item: 1 }] });
    expect([neither.statusCode, neither.json().message]).toEqual([
      400,
      'Para cada item, informe o produto e a embalagem (productId e productUnityId) ou o produto a criar (create).',
    ]);

    const foreign = await previewNfe(ctx.app, cookie, '<?xml version="1.0"?><planilha/>');
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().message).toContain('não é uma NF-e');
    const dtd = await previewNfe(
      ctx.app,
      cookie,
      '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY b "c">]><a>&b;</a>',
    );
    expect(dtd.statusCode).toBe(422);
    const big = await previewNfe(ctx.app, cookie, new Uint8Array(6 * 1024 * 1024).fill(32));
    expect(big.statusCode).toBe(413);
    expect(big.json().code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('costs items by the tax regime of the business', async () => {
    const put = (taxRegime: string) =>
      ctx.app.inject({
        method: 'PUT',
        url: '/api/settings/v1',
        headers: { cookie },
        payload: { businessName: 'Mercearia Boa Vista', businessDocument: BUSINESS, taxRegime },
      });
    const note = buildNfe({
      items: [
        {
          code: 'SAL-H',
          description: 'SAL ROSA',
          quantity: '12.0000',
          total: '53.24',
          discount: '10.64',
          icms: { group: 'ICMS00', cst: '00', vICMS: '5.11' },
        },
      ],
    });
    expect((await put('real')).statusCode).toBe(200);
    expect((await previewNfe(ctx.app, cookie, note.xml)).json().items[0].totalCost).toBe('34.0222');
    await put('presumido');
    expect((await previewNfe(ctx.app, cookie, note.xml)).json().items[0].totalCost).toBe('37.4900');
    await put('simples');
    expect((await previewNfe(ctx.app, cookie, note.xml)).json().items[0].totalCost).toBe('42.6000');
  });
});

describe('NF-e receipts list export', () => {
  it('answers format=csv with the same filters', async () => {
    const response = await get('/api/stock/nfe/v1?format=csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.body).toContain('Chave de acesso');
    expect(response.body).toContain('Nina Notas');
  });
});
