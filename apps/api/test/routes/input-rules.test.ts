import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOG_COLUMN_TITLES } from '@armazem/contracts/catalog-import';
import { buildTestApp, signUpAndLogin, type TestContext } from '../helper.ts';
import { cnpjFor, createProduct, defaultUnityId, stockIn, unique, unityId } from '../factories.ts';
import { makeCsv, multipart, type Cell } from '../sheets.ts';

// Issue 28 part 9 (DESIGN §6.1, last bullet): an NCM is 8 digits, optionally 0000.00.00; an IE is written as the
// states write it; no text field takes a bidirectional override; a number that underflows is refused, not read as 0;
// and the JSON API reads "1,50" as the Brazilian decimal it is.

let ctx: TestContext;
let cookie: string;

beforeAll(async () => {
  ctx = await buildTestApp();
  cookie = await signUpAndLogin(ctx.app, 'regras@loja.com.br');
});
afterAll(async () => ctx?.close());

const send = (method: 'POST' | 'PATCH' | 'PUT', url: string, payload: unknown) =>
  ctx.app.inject({ method, url, headers: { cookie }, payload: payload as Record<string, unknown> });
/** A raw JSON text, as a client that writes numbers itself would send it. */
const sendRaw = (method: 'POST' | 'PATCH', url: string, body: string) =>
  ctx.app.inject({ method, url, headers: { cookie, 'content-type': 'application/json' }, payload: body });
const NCM_MESSAGE = 'NCM deve ter 8 dígitos, escritos 21011110 ou 2101.11.10.';
const BIDI = '\u202E';

describe('NCM', () => {
  it('takes 8 digits or 0000.00.00 and refuses anything else, on the form and on the catalog sheet', async () => {
    const baseUnityId = await unityId(ctx.app, cookie, 'UN');
    const product = (ncm: string) =>
      send('POST', '/api/products/v1', {
        sku: `NCM-${unique()}`,
        name: 'Com NCM',
        categoryId: 1,
        baseUnityId,
        ncm,
      });
    expect((await product('2101.11.10')).json().ncm).toBe('21011110');
    expect((await product(' 21011110 ')).json().ncm).toBe('21011110');
    for (const ncm of ['2024-02-30', '2101 11 10', '21.01.11.10', '2101.1110', '0901210']) {
      const refused = await product(ncm);
      expect(refused.statusCode, ncm).toBe(400);
      expect(refused.json().issues).toEqual([{ path: 'ncm', message: NCM_MESSAGE }]);
    }

    const titles = [...CATALOG_COLUMN_TITLES] as Cell[];
    const row = (sku: string, ncm: string) =>
      titles.map(
        (title) =>
          ({ Código: sku, Nome: 'Folha', Categoria: 'Geral', Unidade: 'UN', NCM: ncm })[title as string] ??
          null,
      );
    const form = await multipart(
      {},
      {
        name: 'catalogo.csv',
        bytes: makeCsv([titles, row('NCM-A', '2024-02-30'), row('NCM-B', '0901.21.00')]),
      },
    );
    const preview = await ctx.app.inject({
      method: 'POST',
      url: '/api/products/v1/import/preview',
      headers: { cookie, ...form.headers },
      payload: form.payload,
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const [bad, good] = preview.json().rows;
    expect(bad.errors).toEqual([{ column: 'NCM', message: NCM_MESSAGE }]);
    expect(good.errors).toEqual([]);
  });
});

describe('inscrição estadual', () => {
  it('takes the states’ ways of writing it and ISENTO, and refuses 1.2.3-like text', async () => {
    const supplier = (stateRegistration: string) =>
      send('POST', '/api/suppliers/v1', {
        name: `Fornecedor ${unique()}`,
        document: cnpjFor(unique()),
        stateRegistration,
      });
    for (const [typed, stored] of [
      ['110.042.490.114', '110042490114'],
      ['99.999.99-3', '99999993'],
      ['062.307.904/0081', '0623079040081'],
      ['isento', 'ISENTO'],
    ] as const) {
      const created = await supplier(typed);
      expect(created.statusCode, typed).toBe(201);
      expect(created.json().stateRegistration).toBe(stored);
    }
    for (const typed of ['1.2.3', '12..34', '12a34', '-1234', '1234567890123456']) {
      const refused = await supplier(typed);
      expect(refused.statusCode, typed).toBe(400);
      expect(refused.json().issues[0].path).toBe('stateRegistration');
    }
  });
});

describe('bidirectional overrides', () => {
  it('are refused in every text field, not only in names', async () => {
    const product = await createProduct(ctx.app, cookie);
    const productUnityId = await defaultUnityId(ctx.app, cookie, product.id);
    await stockIn(ctx.app, cookie, { productId: product.id, productUnityId, quantity: 5, unitCost: '1' });
    const exit = { productId: product.id, productUnityId, quantity: 1, reason: 'venda' };
    const cases: Array<[string, string, Record<string, unknown>, string]> = [
      ['PATCH', `/api/products/v1/${product.id}`, { description: `pão ${BIDI}doce` }, 'description'],
      ['POST', '/api/stock/out/v1', { ...exit, notes: `nota ${BIDI}` }, 'notes'],
      ['POST', '/api/stock/out/v1', { ...exit, document: `NF ${BIDI}1` }, 'document'],
      [
        'POST',
        '/api/suppliers/v1',
        { name: 'Fornecedor', document: cnpjFor(unique()), tradeName: `Loja\u2066 X` },
        'tradeName',
      ],
      [
        'POST',
        '/api/suppliers/v1',
        { name: 'Fornecedor', document: cnpjFor(unique()), address: { street: `Rua ${BIDI}A` } },
        'address.street',
      ],
    ];
    for (const [method, url, payload, path] of cases) {
      const refused = await send(method as 'POST', url, payload);
      expect(refused.statusCode, path).toBe(400);
      expect(refused.json().issues.map((issue: { path: string }) => issue.path)).toContain(path);
    }
  });
});

describe('numbers on the JSON API', () => {
  it('refuses a number that underflows to zero instead of reading it as 0', async () => {
    const product = await createProduct(ctx.app, cookie);
    const productUnityId = await defaultUnityId(ctx.app, cookie, product.id);
    for (const [method, url, body, path] of [
      ['PATCH', `/api/products/v1/${product.id}`, '{"minStock": 1e-400}', 'minStock'],
      [
        'POST',
        '/api/stock/in/v1',
        `{"productId":${product.id},"productUnityId":${productUnityId},"quantity":1,"unitCost":1E-400}`,
        'unitCost',
      ],
      [
        'POST',
        '/api/stock/in/v1',
        `{"productId":${product.id},"productUnityId":${productUnityId},"quantity":0.${'0'.repeat(400)}1,"unitCost":1}`,
        'quantity',
      ],
    ] as const) {
      const refused = await sendRaw(method, url, body);
      expect(refused.statusCode, body).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'VALIDATION_ERROR', issues: [{ path }] });
      expect(refused.json().message).toMatch(/pequeno demais/);
    }
    // zero written as zero, and a small number that is not zero, are read as before
    expect((await sendRaw('PATCH', `/api/products/v1/${product.id}`, '{"minStock": 0e-5}')).statusCode).toBe(
      200,
    );
    const tooFine = await sendRaw('PATCH', `/api/products/v1/${product.id}`, '{"minStock": 1e-7}');
    expect(tooFine.statusCode).toBe(400);
  });

  it('reads "1,50" as one and a half (the Brazilian comma), and keeps "1.5" as it was', async () => {
    const product = await createProduct(ctx.app, cookie);
    const price = (costPrice: string) =>
      send('POST', `/api/products/v1/${product.id}/price/v1`, { costPrice, salePrice: '2' });
    const comma = await price('1,50');
    expect(comma.statusCode, comma.body).toBe(201);
    expect(comma.json().costPrice).toBe('1.5000');
    expect((await price('1.234,56')).json().costPrice).toBe('1234.5600');
    expect((await price('1.5')).json().costPrice).toBe('1.5000');
    const ambiguous = await price('1,234.56');
    expect(ambiguous.statusCode).toBe(400);
    expect(ambiguous.json().issues[0].message).toBe(
      'Número inválido: use vírgula para os decimais e ponto para os milhares (ex.: 1.234,50).',
    );
  });
});
