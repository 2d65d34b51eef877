import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithAdmin, createOperator, type TestContext } from '../helper.ts';
import { createProduct, createSupplier, defaultUnityId, stockIn } from '../factories.ts';
import { HEADER, makeXlsx, multipart } from '../sheets.ts';

let ctx: TestContext;
let cookie: string;
beforeAll(async () => {
  ({ ctx, cookie } = await appWithAdmin('admin@ordenacao.com.br', 'Zélia Administradora'));
});
afterAll(async () => ctx.close());

const get = async (url: string) => {
  const response = await ctx.app.inject({ url, headers: { cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const names = (page: { data: Array<{ name: string }> }) => page.data.map((row) => row.name);

describe('Portuguese-aware sorting', () => {
  it('sorts products by name ignoring case and accents, both ways, and by the sort key after a rename', async () => {
    const tag = 'ordemprod';
    for (const name of ['Item de teste 20', 'Água mineral', 'banana prata', 'Óleo de soja', 'Abacaxi']) {
      await createProduct(ctx.app, cookie, { name: `${name} ${tag}` });
    }
    const asc = await get(`/api/products/v1?q=${tag}&sort=name&order=asc`);
    expect(names(asc)).toEqual([
      `Abacaxi ${tag}`,
      `Água mineral ${tag}`,
      `banana prata ${tag}`,
      `Item de teste 20 ${tag}`,
      `Óleo de soja ${tag}`,
    ]);
    const desc = await get(`/api/products/v1?q=${tag}&sort=name&order=desc`);
    expect(names(desc)).toEqual([...names(asc)].reverse());

    const banana = asc.data[2];
    const renamed = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/products/v1/${banana.id}`,
      headers: { cookie },
      payload: { name: `Ébano ${tag}` },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(names(await get(`/api/products/v1?q=${tag}&sort=name`))).toEqual([
      `Abacaxi ${tag}`,
      `Água mineral ${tag}`,
      `Ébano ${tag}`,
      `Item de teste 20 ${tag}`,
      `Óleo de soja ${tag}`,
    ]);
  });

  it('sorts suppliers by name and trade name ignoring case and accents', async () => {
    const tag = 'ordemforn';
    const rows: Array<[string, string]> = [
      ['Zeta Comércio', 'álamo'],
      ['Ômega Distribuidora', 'Beta'],
      ['Água Viva Ltda', 'Zulu'],
      ['beta Atacado', 'Árvore'],
    ];
    for (const [name, tradeName] of rows) {
      await createSupplier(ctx.app, cookie, { name: `${name} ${tag}`, tradeName });
    }
    expect(names(await get(`/api/suppliers/v1?q=${tag}&sort=name`))).toEqual([
      `Água Viva Ltda ${tag}`,
      `beta Atacado ${tag}`,
      `Ômega Distribuidora ${tag}`,
      `Zeta Comércio ${tag}`,
    ]);
    const byTrade = await get(`/api/suppliers/v1?q=${tag}&sort=tradeName&order=desc`);
    expect(byTrade.data.map((row: { tradeName: string }) => row.tradeName)).toEqual([
      'Zulu',
      'Beta',
      'Árvore',
      'álamo',
    ]);
  });

  it('sorts the stock list and the ledger by the columns the screens offer', async () => {
    const tag = 'ordemest';
    const ids: Record<string, number> = {};
    for (const [name, quantity] of [
      ['Uva', 5],
      ['Ameixa', 30],
      ['Ébano', 12],
    ] as const) {
      const product = await createProduct(ctx.app, cookie, { name: `${name} ${tag}` });
      ids[name] = product.id;
      await stockIn(ctx.app, cookie, {
        productId: product.id,
        productUnityId: await defaultUnityId(ctx.app, cookie, product.id),
        quantity,
        unitCost: '2',
        occurredOn: `2026-01-${String(quantity).padStart(2, '0')}`,
      });
    }
    const byName = await get(`/api/stock/v1?q=${tag}&sort=name`);
    expect(byName.data.map((row: { product: { name: string } }) => row.product.name)).toEqual([
      `Ameixa ${tag}`,
      `Ébano ${tag}`,
      `Uva ${tag}`,
    ]);
    const byQuantity = await get(`/api/stock/v1?q=${tag}&sort=quantity&order=desc`);
    expect(byQuantity.data.map((row: { quantity: string }) => row.quantity)).toEqual([
      '30.000',
      '12.000',
      '5.000',
    ]);

    const ledgerNames = (page: { data: Array<{ product: { name: string } }> }) =>
      page.data.filter((row) => row.product.name.endsWith(tag)).map((row) => row.product.name.split(' ')[0]);
    // default: newest date first
    expect(ledgerNames(await get('/api/stock/in/v1?from=2026-01-01&to=2026-01-31'))).toEqual([
      'Ameixa',
      'Ébano',
      'Uva',
    ]);
    expect(
      ledgerNames(await get('/api/stock/in/v1?from=2026-01-01&to=2026-01-31&sort=product&order=asc')),
    ).toEqual(['Ameixa', 'Ébano', 'Uva']);
    expect(
      ledgerNames(await get('/api/stock/in/v1?from=2026-01-01&to=2026-01-31&sort=occurredOn&order=asc')),
    ).toEqual(['Uva', 'Ébano', 'Ameixa']);
    expect(
      ledgerNames(await get('/api/stock/in/v1?from=2026-01-01&to=2026-01-31&sort=quantity&order=asc')),
    ).toEqual(['Uva', 'Ébano', 'Ameixa']);
  });

  it('lists the latest movements on Início newest first by date, a back-dated entry in its place', async () => {
    const product = await createProduct(ctx.app, cookie, { name: 'Produto das últimas' });
    const productUnityId = await defaultUnityId(ctx.app, cookie, product.id);
    for (const occurredOn of ['2026-11-10', '2026-11-12', '2026-11-11']) {
      await stockIn(ctx.app, cookie, {
        productId: product.id,
        productUnityId,
        quantity: 1,
        unitCost: '1',
        occurredOn,
      });
    }
    const summary = await get('/api/stock/v1/summary');
    const dates = summary.latestMovements.map((entry: { occurredOn: string }) => entry.occurredOn);
    expect(dates.slice(0, 3)).toEqual(['2026-11-12', '2026-11-11', '2026-11-10']);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('sorts users by name (accents ignored) and by e-mail; pending sign-ups first by default', async () => {
    await createOperator(ctx.app, cookie, 'bruno@ordenacao.com.br');
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/v1/register',
      payload: { name: 'Álvaro Pendente', email: 'alvaro@ordenacao.com.br', password: 'senha-segura-123' },
    });
    const byName = await get('/api/users?sort=name&order=asc&per_page=50');
    const fullNames = byName.data.map((u: { first_name: string }) => u.first_name);
    expect(fullNames.indexOf('Álvaro')).toBeLessThan(fullNames.indexOf('Zélia'));
    expect(fullNames[fullNames.length - 1]).toBe('Zélia');
    const byEmailDesc = await get('/api/users?sort=email&order=desc&per_page=50');
    const emails = byEmailDesc.data.map((u: { email: string }) => u.email);
    expect(emails).toEqual([...emails].sort().reverse());
    const byDefault = await get('/api/users?per_page=50');
    expect(byDefault.data[0]).toMatchObject({ first_name: 'Álvaro', status: 'pending' });
  });

  it('refuses an unknown sort column with a Portuguese 400', async () => {
    const response = await ctx.app.inject({ url: '/api/stock/in/v1?sort=id', headers: { cookie } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: expect.stringContaining('Ordenação'),
    });
  });
});

describe('messages in plain Portuguese', () => {
  it('an empty picker says what to choose, never "Identificador inválido."', async () => {
    const product = await ctx.app.inject({
      method: 'POST',
      url: '/api/products/v1',
      headers: { cookie },
      payload: { sku: 'SEM-CAT', name: 'Sem categoria', categoryId: '', baseUnityId: 0 },
    });
    expect(product.statusCode).toBe(400);
    expect(product.json().issues).toEqual([
      { path: 'categoryId', message: 'Selecione a categoria.' },
      { path: 'baseUnityId', message: 'Selecione a unidade base.' },
    ]);
    expect(product.json().message).toBe('Selecione a categoria. Selecione a unidade base.');

    const entry = await ctx.app.inject({
      method: 'POST',
      url: '/api/stock/in/v1',
      headers: { cookie },
      payload: { quantity: '1', unitCost: '1' },
    });
    expect(entry.statusCode).toBe(400);
    expect(entry.json().message).toContain('Selecione o produto.');
    expect(entry.json().message).toContain('Selecione a unidade.');
    expect(entry.json().message).not.toMatch(/Identificador|Campo obrigatório/);
  });
});

describe('sheet preview', () => {
  const sheetFor = async (sku: string) =>
    makeXlsx([HEADER, [new Date(Date.UTC(2026, 6, 3)), sku, 'Entrada', 2, null, 10, null, null, null]]);
  const upload = async (url: string, bytes: Uint8Array, name: string, fields: Record<string, string>) => {
    const body = await multipart(fields, { name, bytes });
    return ctx.app.inject({
      method: 'POST',
      url,
      headers: { cookie, ...body.headers },
      payload: body.payload,
    });
  };

  it('says at preview that the same file was already imported for that month', async () => {
    await createProduct(ctx.app, cookie, { sku: 'DUP-PREV', name: 'Produto da prévia' });
    const bytes = await sheetFor('DUP-PREV');
    const month = { year: '2026', month: '7' };
    const first = await upload('/api/stock/movement/v1/sheet', bytes, 'julho.xlsx', month);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ summary: { valid: 1, invalid: 0 }, duplicateOf: null });

    const imported = await upload('/api/stock/movement/v1', bytes, 'julho.xlsx', month);
    expect(imported.statusCode, imported.body).toBe(201);

    const again = await upload('/api/stock/movement/v1/sheet', bytes, 'julho-copia.xlsx', month);
    expect(again.statusCode).toBe(200);
    expect(again.json().duplicateOf).toEqual({
      id: imported.json().id,
      fileName: 'julho.xlsx',
      createdAt: imported.json().createdAt,
    });
    // another month is a different import
    const august = await upload('/api/stock/movement/v1/sheet', bytes, 'julho.xlsx', {
      year: '2026',
      month: '8',
    });
    expect(august.json().duplicateOf).toBeNull();
  });
});
