import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildNfe } from '../../../../test-support/nfe-builder.ts';
import { CATALOG_COLUMN_TITLES } from '@armazem/contracts/catalog-import';
import { buildTestApp, signUpAndLogin, type TestContext } from '../helper.ts';
import { cnpjFor, createProduct, unique } from '../factories.ts';
import { nfeForm, setBusiness } from '../nfe-upload.ts';
import { makeCsv, multipart, type Cell } from '../sheets.ts';

// Issue 28 (DESIGN §6.1): an upload's file name is stored without control characters and cut to 200 characters, on
// every upload, so PostgreSQL never answers 500 ("invalid byte sequence" for a NUL, "value too long").

let ctx: TestContext;
let cookie: string;

beforeAll(async () => {
  ctx = await buildTestApp();
  cookie = await signUpAndLogin(ctx.app, 'nomes@loja.com.br');
  await setBusiness(ctx.app, cookie);
});
afterAll(async () => ctx?.close());

const WITH_NUL = 'estoque\u0000 de\u0007 setembro\u202e.csv';
const LONG = `${'estoque-'.repeat(37)}tudo.csv`; // 304 characters

async function upload(url: string, name: string, bytes: Buffer, fields: Record<string, string> = {}) {
  const form = await multipart(fields, { name, bytes });
  return ctx.app.inject({ method: 'POST', url, headers: { cookie, ...form.headers }, payload: form.payload });
}

describe('upload file names', () => {
  it('are 304 characters long in the test', () => expect(LONG).toHaveLength(304));

  it('movement sheet: stored without control characters and cut to 200 characters', async () => {
    const product = await createProduct(ctx.app, cookie);
    for (const [month, name, stored] of [
      [9, WITH_NUL, 'estoque de setembro.csv'],
      [10, LONG, LONG.slice(0, 200)],
    ] as const) {
      const sheet = makeCsv([
        ['Data', 'Código', 'Tipo', 'Quantidade', 'Custo Unitário'],
        [`02/${month}/2026`, product.sku as string, 'E', '5', '1,00'],
      ]);
      const preview = await upload('/api/stock/movement/v1/sheet', name, sheet);
      expect(preview.statusCode, preview.body).toBe(200);
      expect(preview.json().fileName).toBe(stored);
      const imported = await upload('/api/stock/movement/v1', name, sheet, {
        year: '2026',
        month: String(month),
      });
      expect(imported.statusCode, imported.body).toBe(201);
      expect(imported.json().fileName).toBe(stored);
      const listed = await ctx.app.inject({
        method: 'GET',
        url: `/api/stock/movement/v1?year=2026&month=${month}`,
        headers: { cookie },
      });
      expect(listed.json().data.map((movement: { fileName: string }) => movement.fileName)).toEqual([stored]);
    }
  });

  it('catalog sheet: the preview and the import answer with the clean name', async () => {
    const titles = [...CATALOG_COLUMN_TITLES] as Cell[];
    const values: Record<string, Cell> = {
      Código: `NOME-${unique()}`,
      Nome: 'Sabão',
      Categoria: 'Geral',
      Unidade: 'UN',
    };
    const sheet = makeCsv([titles, titles.map((title) => values[title as string] ?? null)]);
    for (const name of [WITH_NUL, LONG]) {
      const preview = await upload('/api/products/v1/import/preview', name, sheet);
      expect(preview.statusCode, preview.body).toBe(200);
      expect(preview.json().fileName).not.toMatch(/[\p{Cc}\u202e]/u);
      expect(Array.from(preview.json().fileName as string).length).toBeLessThanOrEqual(200);
    }
    expect((await upload('/api/products/v1/import', LONG, sheet)).statusCode).toBe(201);
  });

  it('NF-e: imported under a name with a NUL and under a 304-character name', async () => {
    const product = await createProduct(ctx.app, cookie);
    const detail = await ctx.app.inject({
      method: 'GET',
      url: `/api/products/v1/${product.id}`,
      headers: { cookie },
    });
    const productUnityId = detail.json().unities[0].id as number;
    for (const [name, stored] of [
      ['nota\u0000.xml', 'nota.xml'],
      [LONG, LONG.slice(0, 200)],
    ]) {
      const note = buildNfe({
        items: [{ code: 'A', description: 'ARROZ', quantity: '1.0000', total: '10.00' }],
        emitter: { cnpj: cnpjFor(unique() + 7000), name: `Fornecedor ${unique()} Ltda` },
        number: String(unique()),
      });
      const data = { items: [{ item: 1, productId: product.id, productUnityId }] };
      const form = await nfeForm(note.xml, { data: JSON.stringify(data) }, name);
      const imported = await ctx.app.inject({
        method: 'POST',
        url: '/api/stock/nfe/v1',
        headers: { cookie, ...form.headers },
        payload: form.payload,
      });
      expect(imported.statusCode, imported.body).toBe(201);
      const row = await ctx.handle.db
        .selectFrom('nfe_receipts')
        .select('file_name')
        .where('id', '=', imported.json().id as number)
        .executeTakeFirstOrThrow();
      expect(row.file_name).toBe(stored);
    }
  });
});
