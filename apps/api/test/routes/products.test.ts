import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithAdmin, buildTestApp, signUpAndLogin, type TestContext } from '../helper.ts';
import { batchId, createBox, createProduct, uniqueGtin, unityId } from '../factories.ts';

let ctx: TestContext;
let cookie: string;
beforeAll(async () => {
  ({ ctx, cookie } = await appWithAdmin('admin@catalogo.com.br'));
});
afterAll(async () => ctx.close());

const get = (url: string) => ctx.app.inject({ url, headers: { cookie } });
const send = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

describe('POST /api/products/v1', () => {
  it('creates a product with its default unit and answers the contract shape', async () => {
    const response = await send('POST', '/api/products/v1', {
      sku: 'cafe-500',
      name: 'Café Torrado 500 g',
      description: 'Pacote a vácuo',
      categoryId: 1,
      baseUnityId: await unityId(ctx.app, cookie, 'UN'),
      minStock: '5',
      barcode: '7894900011517',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      id: expect.any(Number),
      sku: 'CAFE-500',
      name: 'Café Torrado 500 g',
      description: 'Pacote a vácuo',
      category: { id: 1, name: expect.any(String) },
      baseUnity: { id: expect.any(Number), code: 'UN', name: 'Unidade', fractional: false },
      status: 'active',
      minStock: '5.000',
      barcode: '7894900011517',
      ncm: null,
      cest: null,
      itemType: '00',
      currentPrice: null,
      stockQuantity: '0.000',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const select = (await get(`/api/products/v1/${response.json().id}/unity/v1/select`)).json();
    expect(select).toEqual([
      expect.objectContaining({
        label: 'Unidade (UN)',
        quantity: '1.000',
        isDefault: true,
        unityBatch: expect.objectContaining({ name: 'Unidade avulsa' }),
      }),
    ]);
  });

  it('keeps the fiscal fields: NCM and CEST typed with dots are stored as digits, the item type defaults to 00', async () => {
    const baseUnityId = await unityId(ctx.app, cookie, 'UN');
    const created = await send('POST', '/api/products/v1', {
      sku: 'FISCAL-1',
      name: 'Café com NCM',
      categoryId: 1,
      baseUnityId,
      ncm: '0901.21.00',
      cest: '17.099.00',
      itemType: '00',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ ncm: '09012100', cest: '1709900', itemType: '00' });

    const updated = await send('PATCH', `/api/products/v1/${created.json().id}`, {
      ncm: '21011110',
      cest: null,
      itemType: '07',
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ ncm: '21011110', cest: null, itemType: '07' });

    for (const [field, value, message] of [
      ['ncm', '0901210', 'NCM deve ter 8 dígitos, escritos 21011110 ou 2101.11.10.'],
      ['ncm', '09012100A', 'NCM deve ter 8 dígitos, escritos 21011110 ou 2101.11.10.'],
      ['ncm', '2024-02-30', 'NCM deve ter 8 dígitos, escritos 21011110 ou 2101.11.10.'],
      ['ncm', '09.01.21.00', 'NCM deve ter 8 dígitos, escritos 21011110 ou 2101.11.10.'],
      ['cest', '123456', 'CEST deve ter 7 dígitos.'],
      ['itemType', '11', 'Tipo do item inválido.'],
    ] as const) {
      const refused = await send('POST', '/api/products/v1', {
        sku: `FISCAL-${field}-${value}`,
        name: 'Recusado',
        categoryId: 1,
        baseUnityId,
        [field]: value,
      });
      expect(refused.statusCode, `${field}=${value}`).toBe(400);
      expect(refused.json().issues).toEqual([expect.objectContaining({ path: field, message })]);
    }
  });

  it('refuses a duplicate SKU (409), an invalid GTIN, unknown references and bad fields (400)', async () => {
    const taken = await createProduct(ctx.app, cookie, { barcode: '7891000100103' });
    const duplicate = await send('POST', '/api/products/v1', {
      sku: taken.sku.toLowerCase(),
      name: 'Outro',
      categoryId: 1,
      baseUnityId: 1,
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({
      message: `Já existe um produto com o código (SKU) ${taken.sku}.`,
      code: 'CONFLICT',
    });

    const badGtin = await send('POST', '/api/products/v1', {
      sku: 'X1',
      name: 'X',
      categoryId: 1,
      baseUnityId: 1,
      barcode: '7894900011518',
    });
    expect(badGtin.statusCode).toBe(400);
    expect(badGtin.json().issues[0]).toEqual({
      path: 'barcode',
      message: expect.stringContaining('dígito verificador'),
    });

    const unknownCategory = await send('POST', '/api/products/v1', {
      sku: 'X2',
      name: 'X',
      categoryId: 9999,
      baseUnityId: 1,
    });
    expect(unknownCategory.statusCode).toBe(400);
    expect(unknownCategory.json()).toMatchObject({
      message: 'Categoria não encontrada.',
      issues: [{ path: 'categoryId' }],
    });

    const invalid = await send('POST', '/api/products/v1', {
      sku: '',
      name: 'x'.repeat(201),
      categoryId: 'a',
      baseUnityId: 1,
      minStock: '-1',
      extra: true,
    });
    expect(invalid.statusCode).toBe(400);
    const paths = invalid.json().issues.map((issue: { path: string }) => issue.path);
    expect(paths).toEqual(expect.arrayContaining(['sku', 'name', 'categoryId', 'minStock']));

    const fraction = await send('POST', '/api/products/v1', {
      sku: 'X3',
      name: 'X',
      categoryId: 1,
      baseUnityId: 1,
      minStock: '1.5',
    });
    expect(fraction.statusCode).toBe(400);
    const usedBarcode = await send('POST', '/api/products/v1', {
      sku: 'X4',
      name: 'X',
      categoryId: 1,
      baseUnityId: 1,
      barcode: '7891000100103',
    });
    expect(usedBarcode.statusCode).toBe(409);
  });
});

describe('GET /api/products/v1', () => {
  // Searches and counts need a catalog that holds exactly these three products: a database of their own.
  let catalog: TestContext;
  let catalogCookie: string;
  beforeAll(async () => {
    catalog = await buildTestApp();
    catalogCookie = await signUpAndLogin(catalog.app, 'admin@busca.com.br');
    await createProduct(catalog.app, catalogCookie, {
      sku: 'CAFE-500',
      name: 'Café Torrado 500 g',
      barcode: '7894900011517',
    });
    await createProduct(catalog.app, catalogCookie, {
      sku: 'ACU-1',
      name: 'Açúcar Cristal 1 kg',
      categoryId: 1,
    });
    await createProduct(catalog.app, catalogCookie, {
      sku: 'DET-1',
      name: 'Detergente Neutro',
      categoryId: 3,
    });
  });
  afterAll(async () => catalog.close());
  const get = (url: string) => catalog.app.inject({ url, headers: { cookie: catalogCookie } });
  const send = (method: 'PATCH' | 'DELETE', url: string, payload?: object) =>
    catalog.app.inject({ method, url, headers: { cookie: catalogCookie }, ...(payload ? { payload } : {}) });

  it('pages, searches (case and accent insensitive), filters and sorts', async () => {
    const search = (await get('/api/products/v1?page=1&q=acucar')).json();
    expect(search.data.map((p: { sku: string }) => p.sku)).toEqual(['ACU-1']);
    const byBarcode = (await get('/api/products/v1?q=7894900011517')).json();
    expect(byBarcode.data.map((p: { sku: string }) => p.sku)).toEqual(['CAFE-500']);
    const byCategory = (await get('/api/products/v1?categoryId=3')).json();
    expect(byCategory.data.map((p: { sku: string }) => p.sku)).toEqual(['DET-1']);
    expect(byCategory.data.every((p: { category: { id: number } }) => p.category.id === 3)).toBe(true);
    const sorted = (await get('/api/products/v1?status=active&sort=sku&order=desc&pageSize=2')).json();
    expect(sorted).toMatchObject({ page: 1, pageSize: 2, total: 3, totalPages: 2 });
    expect(sorted.data.map((p: { sku: string }) => p.sku)).toEqual(['DET-1', 'CAFE-500']);
    const wildcard = (await get('/api/products/v1?q=%25')).json();
    expect(wildcard.total).toBe(0);
  });

  it('searches by several words, short words and odd characters, and follows renames', async () => {
    const skus = async (q: string) =>
      (await get(`/api/products/v1?q=${encodeURIComponent(q)}`))
        .json()
        .data.map((p: { sku: string }) => p.sku);
    expect(await skus('torrado café')).toEqual(['CAFE-500']);
    expect(await skus('ca 500')).toEqual(['CAFE-500']);
    expect(await skus('"; drop table products; --')).toEqual([]);
    expect(await skus('ACU-')).toEqual(['ACU-1']);
    const product = await createProduct(catalog.app, catalogCookie, { name: 'Goiabada Cascão' });
    expect(await skus('goiabada')).toEqual([product.sku]);
    await send('PATCH', `/api/products/v1/${product.id}`, { name: 'Marmelada Caseira' });
    expect(await skus('goiabada')).toEqual([]);
    expect(await skus('marmelada')).toEqual([product.sku]);
    await send('DELETE', `/api/products/v1/${product.id}`);
    expect(await skus('marmelada')).toEqual([]);
  });

  it('pages through every product exactly once, in order', async () => {
    const all = (await get('/api/products/v1?pageSize=100&sort=name')).json();
    const seen: string[] = [];
    for (let page = 1; page <= Math.ceil(all.total / 2); page += 1) {
      seen.push(
        ...(await get(`/api/products/v1?pageSize=2&page=${page}&sort=name`))
          .json()
          .data.map((p: { sku: string }) => p.sku),
      );
    }
    expect(seen).toEqual(all.data.map((p: { sku: string }) => p.sku));
  });

  it('rejects out-of-range paging and unknown sorts with 400', async () => {
    for (const query of [
      'page=0',
      'pageSize=101',
      'pageSize=0',
      'sort=preco',
      'order=up',
      'status=ligado',
      'categoryId=x',
    ]) {
      const response = await get(`/api/products/v1?${query}`);
      expect(response.statusCode, query).toBe(400);
    }
  });

  it('lists only active products in the select list', async () => {
    const product = await createProduct(catalog.app, catalogCookie, { name: 'Produto Inativo' });
    await send('PATCH', `/api/products/v1/${product.id}`, { status: 'inactive' });
    const select = (await get('/api/products/v1/select')).json();
    expect(select.length).toBeGreaterThan(0);
    expect(select.every((item: object) => Object.keys(item).sort().join() === 'id,name,sku')).toBe(true);
    expect(select.map((item: { id: number }) => item.id)).not.toContain(product.id);
    const limited = (await get('/api/products/v1/select?q=acucar&limit=5')).json();
    expect(limited).toEqual([{ id: expect.any(Number), sku: 'ACU-1', name: 'Açúcar Cristal 1 kg' }]);
  });
});

describe('PATCH and DELETE /api/products/v1/{id}', () => {
  it('changes status and fields, and answers 404 for unknown products', async () => {
    const product = await createProduct(ctx.app, cookie);
    const inactive = await send('PATCH', `/api/products/v1/${product.id}`, { status: 'inactive' });
    expect(inactive.statusCode).toBe(200);
    expect(inactive.json().status).toBe('inactive');
    const renamed = await send('PATCH', `/api/products/v1/${product.id}`, {
      name: 'Nome Novo',
      minStock: 3,
      description: '',
    });
    expect(renamed.json()).toMatchObject({ name: 'Nome Novo', minStock: '3.000', description: null });
    expect((await send('PATCH', '/api/products/v1/99999', { status: 'active' })).statusCode).toBe(404);
    expect((await send('PATCH', `/api/products/v1/${product.id}`, {})).statusCode).toBe(400);
    expect((await send('PATCH', `/api/products/v1/${product.id}`, { status: 'ligado' })).statusCode).toBe(
      400,
    );
    expect((await send('PATCH', `/api/products/v1/${product.id}`, { sku: 'NOVO' })).statusCode).toBe(400);
  });

  it('deletes a product that never moved stock, with its packages and prices', async () => {
    const product = await createProduct(ctx.app, cookie);
    await createBox(ctx.app, cookie, product.id);
    await send('POST', `/api/products/v1/${product.id}/price/v1`, { costPrice: 1, salePrice: 2 });
    const response = await send('DELETE', `/api/products/v1/${product.id}`);
    expect(response.statusCode).toBe(204);
    expect((await get(`/api/products/v1/${product.id}`)).statusCode).toBe(404);
    expect((await send('DELETE', `/api/products/v1/${product.id}`)).statusCode).toBe(404);
    const audit = await ctx.handle.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'product')
      .where('entity_id', '=', String(product.id))
      .execute();
    expect(audit.map((row) => row.action)).toEqual(expect.arrayContaining(['create', 'delete']));
  });

  it('refuses to delete a product referenced by the stock ledger (409, suggests deactivating)', async () => {
    const product = await createProduct(ctx.app, cookie);
    const unity = await ctx.handle.db
      .selectFrom('product_unities')
      .select('id')
      .where('product_id', '=', product.id)
      .executeTakeFirstOrThrow();
    await ctx.handle.db
      .insertInto('stock_ledger')
      .values({
        product_id: product.id,
        product_unity_id: unity.id,
        direction: 'in',
        quantity: '1000',
        base_quantity: '1000',
        unit_cost: '0',
        total_cost: '0',
        occurred_on: '2026-01-01',
        supplier_id: null,
        reason: null,
        document: null,
        notes: null,
        stock_movement_id: null,
        created_by: 1,
        created_at: new Date().toISOString(),
        cancelled_at: null,
        cancelled_by: null,
      })
      .execute();
    const response = await send('DELETE', `/api/products/v1/${product.id}`);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toMatch(/Desative-o/);
    const unityDelete = await send('DELETE', `/api/products/v1/${product.id}/unity/v1/${unity.id}`);
    expect(unityDelete.statusCode).toBe(409);
  });
});

describe('product unities', () => {
  it('adds, edits and deletes a box with a readable label', async () => {
    const product = await createProduct(ctx.app, cookie);
    const box = await createBox(ctx.app, cookie, product.id, 12);
    expect(box).toEqual({
      id: expect.any(Number),
      productId: product.id,
      unity: { id: expect.any(Number), code: 'CX', name: 'Caixa' },
      unityBatch: { id: expect.any(Number), code: 'CAIXA', name: 'Caixa' },
      quantity: '12.000',
      barcode: null,
      status: 'active',
      label: 'Caixa c/ 12 UN',
      isDefault: false,
    });
    const edited = await send('PATCH', `/api/products/v1/${product.id}/unity/v1/${box.id}`, {
      quantity: 24,
      barcode: '7891000315507',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      quantity: '24.000',
      label: 'Caixa c/ 24 UN',
      barcode: '7891000315507',
    });
    const duplicate = await createBox(ctx.app, cookie, product.id, 24).catch((error: Error) => error.message);
    expect(duplicate).toMatch(/409/);
    expect((await send('DELETE', `/api/products/v1/${product.id}/unity/v1/${box.id}`)).statusCode).toBe(204);
    expect((await send('DELETE', `/api/products/v1/${product.id}/unity/v1/${box.id}`)).statusCode).toBe(404);
  });

  it('refuses fractions for whole units, zero quantities and touching the default unit', async () => {
    const product = await createProduct(ctx.app, cookie);
    const cx = await unityId(ctx.app, cookie, 'CX');
    const caixa = await batchId(ctx.app, cookie, 'CAIXA');
    const fraction = await send('POST', `/api/products/v1/${product.id}/unity/v1`, {
      unityId: cx,
      unityBatchId: caixa,
      quantity: '1.5',
    });
    expect(fraction.statusCode).toBe(400);
    expect(fraction.json().message).toMatch(/inteiro/);
    const zero = await send('POST', `/api/products/v1/${product.id}/unity/v1`, {
      unityId: cx,
      unityBatchId: caixa,
      quantity: 0,
    });
    expect(zero.statusCode).toBe(400);
    const defaultUnity = (await get(`/api/products/v1/${product.id}/unity/v1/select`)).json()[0];
    expect(
      (await send('DELETE', `/api/products/v1/${product.id}/unity/v1/${defaultUnity.id}`)).statusCode,
    ).toBe(409);
    expect(
      (await send('PATCH', `/api/products/v1/${product.id}/unity/v1/${defaultUnity.id}`, { quantity: 2 }))
        .statusCode,
    ).toBe(409);
    expect((await get('/api/products/v1/99999/unity/v1/select')).statusCode).toBe(404);
  });

  it('keeps a barcode on one place only: in any of its GTIN forms, and when two writes race for it', async () => {
    const code = uniqueGtin();
    const owner = await createProduct(ctx.app, cookie, { barcode: code });
    const other = await createProduct(ctx.app, cookie);
    // the same GTIN-13 padded to 14 digits is the same item
    const padded = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/products/v1/${other.id}`,
      headers: { cookie },
      payload: { barcode: `0${code}` },
    });
    expect([padded.statusCode, padded.json().message]).toEqual([
      409,
      `O código de barras 0${code} já está em uso por outro produto ou embalagem.`,
    ]);
    expect(owner.barcode).toBe(code);
    // a product and another product's package given one new code at the same moment: one of them gets it
    const box = await createBox(ctx.app, cookie, owner.id, 6);
    for (let round = 0; round < 3; round++) {
      const fresh = uniqueGtin();
      const answers = await Promise.all([
        ctx.app.inject({
          method: 'PATCH',
          url: `/api/products/v1/${other.id}`,
          headers: { cookie },
          payload: { barcode: fresh },
        }),
        ctx.app.inject({
          method: 'PATCH',
          url: `/api/products/v1/${owner.id}/unity/v1/${box.id}`,
          headers: { cookie },
          payload: { barcode: fresh },
        }),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    }
  });

  it('accepts fractional packages for fractional units (25,5 kg sack)', async () => {
    const product = await createProduct(ctx.app, cookie, {
      baseUnityId: await unityId(ctx.app, cookie, 'KG'),
    });
    const sack = await send('POST', `/api/products/v1/${product.id}/unity/v1`, {
      unityId: await unityId(ctx.app, cookie, 'SC'),
      unityBatchId: await batchId(ctx.app, cookie, 'SACO'),
      quantity: '25.5',
    });
    expect(sack.statusCode).toBe(201);
    expect(sack.json().label).toBe('Saco c/ 25,5 KG');
  });
});

describe('prices', () => {
  it('records the first price with the product: both or neither, in the same transaction', async () => {
    const product = await createProduct(ctx.app, cookie, { costPrice: '7,5', salePrice: '9,90' });
    const detail = (await get(`/api/products/v1/${product.id}`)).json();
    expect(detail.currentPrice).toMatchObject({ costPrice: '7.5000', salePrice: '9.9000' });
    expect(detail.prices).toHaveLength(1);
    const audit = await ctx.handle.db
      .selectFrom('audit_log')
      .select('entity')
      .where('entity', '=', 'price')
      .execute();
    expect(audit.length).toBeGreaterThan(0);
    // one price alone is refused at the other field, and no product is written
    const sku = `SO-CUSTO-${Date.now()}`;
    const unit = await unityId(ctx.app, cookie, 'UN');
    const half = await send('POST', '/api/products/v1', {
      sku,
      name: 'Só custo',
      categoryId: 1,
      baseUnityId: unit,
      costPrice: '3',
    });
    expect(half.statusCode).toBe(400);
    expect(half.json().issues).toEqual([
      { path: 'salePrice', message: 'Informe o preço de custo e o de venda, ou deixe os dois em branco.' },
    ]);
    expect((await get(`/api/products/v1?q=${sku}`)).json().data).toHaveLength(0);
    // neither: the product without a price, as before
    const plain = await createProduct(ctx.app, cookie);
    expect((await get(`/api/products/v1/${plain.id}`)).json().prices).toEqual([]);
  });

  it('adds prices as exact decimals; the current price is the latest in effect today', async () => {
    const product = await createProduct(ctx.app, cookie);
    const first = await send('POST', `/api/products/v1/${product.id}/price/v1`, {
      costPrice: '10.1234',
      salePrice: 15,
      effectiveFrom: '2026-01-01',
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      costPrice: '10.1234',
      salePrice: '15.0000',
      effectiveFrom: '2026-01-01',
      productUnity: null,
      createdBy: { name: expect.any(String) },
    });
    await send('POST', `/api/products/v1/${product.id}/price/v1`, {
      costPrice: '11',
      salePrice: '16.5',
      effectiveFrom: '2026-02-01',
    });
    await send('POST', `/api/products/v1/${product.id}/price/v1`, {
      costPrice: '99',
      salePrice: '99',
      effectiveFrom: '2999-01-01',
    });
    const box = await createBox(ctx.app, cookie, product.id);
    const boxPrice = await send('POST', `/api/products/v1/${product.id}/price/v1`, {
      costPrice: 120,
      salePrice: 180,
      productUnityId: box.id,
    });
    expect(boxPrice.json().productUnity).toEqual({ id: box.id, label: 'Caixa c/ 12 UN' });

    const detail = (await get(`/api/products/v1/${product.id}`)).json();
    expect(detail.currentPrice).toEqual({
      costPrice: '11.0000',
      salePrice: '16.5000',
      effectiveFrom: '2026-02-01',
    });
    expect(detail.prices.map((p: { effectiveFrom: string }) => p.effectiveFrom)[0]).toBe('2999-01-01');
    expect(detail.prices).toHaveLength(4);
    // The list reads the same current price (joined in its page statement): not the future one, not the box's.
    const listed = (await get(`/api/products/v1?q=${encodeURIComponent(product.sku)}`)).json();
    expect(listed.data).toHaveLength(1);
    expect(listed.data[0].currentPrice).toEqual(detail.currentPrice);
  });

  it('keeps a package named by the price history: deleting it is refused, deactivating it works', async () => {
    const product = await createProduct(ctx.app, cookie);
    const box = await createBox(ctx.app, cookie, product.id);
    const priced = await send('POST', `/api/products/v1/${product.id}/price/v1`, {
      costPrice: 12,
      salePrice: 18,
      productUnityId: box.id,
    });
    expect(priced.statusCode).toBe(201);
    const refused = await send('DELETE', `/api/products/v1/${product.id}/unity/v1/${box.id}`);
    expect([refused.statusCode, refused.json().message]).toEqual([
      409,
      'Esta embalagem tem preços no histórico do produto e não pode ser excluída. Desative-a.',
    ]);
    expect((await get(`/api/products/v1/${product.id}`)).json().prices).toHaveLength(1);
    const off = await send('PATCH', `/api/products/v1/${product.id}/unity/v1/${box.id}`, {
      status: 'inactive',
    });
    expect(off.statusCode).toBe(200);
  });

  it('refuses negative prices, too many decimals, bad dates and a package of another product', async () => {
    const product = await createProduct(ctx.app, cookie);
    const other = await createProduct(ctx.app, cookie);
    const otherBox = await createBox(ctx.app, cookie, other.id);
    const cases = [
      { costPrice: -1, salePrice: 1 },
      { costPrice: '1.23456', salePrice: 1 },
      { costPrice: 'abc', salePrice: 1 },
      { costPrice: 1, salePrice: 1, effectiveFrom: '2026-02-30' },
      { costPrice: 1 },
      { costPrice: 1, salePrice: 1, productUnityId: otherBox.id },
    ];
    for (const payload of cases) {
      const response = await send('POST', `/api/products/v1/${product.id}/price/v1`, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(
      (await send('POST', '/api/products/v1/99999/price/v1', { costPrice: 1, salePrice: 1 })).statusCode,
    ).toBe(404);
  });
});

describe('reference data requires a session', () => {
  it('answers 401 without a cookie on every catalog route', async () => {
    for (const url of [
      '/api/products/v1',
      '/api/products/v1/select',
      '/api/products/v1/1',
      '/api/suppliers/v1',
    ]) {
      expect((await ctx.app.inject({ url })).statusCode, url).toBe(401);
    }
  });
});
