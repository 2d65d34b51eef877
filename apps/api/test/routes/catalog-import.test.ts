import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { CATALOG_COLUMN_TITLES } from '@armazem/contracts/catalog-import';
import { appWithAdmin, createOperator, type TestContext } from '../helper.ts';
import { createBox, createCategory, createProduct } from '../factories.ts';
import { makeCsv, makeXlsx, multipart, PNG_BYTES, type Cell } from '../sheets.ts';

let ctx: TestContext;
let cookie: string;
beforeAll(async () => {
  ({ ctx, cookie } = await appWithAdmin('admin@catalogo.com.br', 'Carla Catálogo'));
});
afterAll(async () => {
  await ctx.close();
});

const TITLES = [...CATALOG_COLUMN_TITLES] as Cell[];
const send = async (
  path: '/import/preview' | '/import',
  bytes: Uint8Array,
  name = 'produtos.xlsx',
  who = cookie,
) => {
  const body = await multipart({}, { name, bytes });
  return ctx.app.inject({
    method: 'POST',
    url: `/api/products/v1${path}`,
    headers: { cookie: who, ...body.headers },
    payload: body.payload,
  });
};
const row = (
  sku: string,
  name: string,
  extra: Partial<Record<(typeof CATALOG_COLUMN_TITLES)[number], Cell>> = {},
) =>
  TITLES.map((title) =>
    title === 'Código' ? sku : title === 'Nome' ? name : (extra[title as never] ?? null),
  );
const product = async (sku: string) =>
  (await ctx.app.inject({ url: `/api/products/v1?q=${sku}`, headers: { cookie } }))
    .json()
    .data.find((item: { sku: string }) => item.sku === sku);
const detail = async (id: number) =>
  (await ctx.app.inject({ url: `/api/products/v1/${id}`, headers: { cookie } })).json();

describe('catalog sheet template', { timeout: 120_000 }, () => {
  it('is an .xlsx with the columns and Portuguese instructions that explain opening balances', async () => {
    const response = await ctx.app.inject({ url: '/api/products/v1/import/template', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const header = (workbook.getWorksheet('Produtos')?.getRow(1).values as Cell[]).slice(1);
    expect(header).toEqual(TITLES);
    const help = workbook.getWorksheet('Instruções');
    const text: string[] = [];
    help?.eachRow((r) => text.push((r.values as Cell[]).slice(1).join(' ')));
    expect(text.join('\n')).toMatch(/Saldo inicial/);
    expect(text.join('\n')).toMatch(/Tipo = Entrada/);
    // says what the import does: an unknown packaging type is refused, so it says where types are created (issue 33)
    expect(text.join('\n')).toMatch(/precisa estar cadastrado em Embalagens/);
  });

  it('imports as it is: its example rows are valid', async () => {
    const template = (await ctx.app.inject({ url: '/api/products/v1/import/template', headers: { cookie } }))
      .rawPayload;
    const preview = await send('/import/preview', template);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().summary).toMatchObject({ rows: 2, valid: 2, invalid: 0, create: 2 });
  });
});

describe('catalog sheet preview and import', { timeout: 120_000 }, () => {
  it('previews create, update and unchanged, lists new categories and stores nothing', async () => {
    const existing = await createProduct(ctx.app, cookie, {
      sku: 'PRV-1',
      name: 'Feijão 1 kg',
      categoryId: 1,
    });
    const same = await createProduct(ctx.app, cookie, { sku: 'PRV-2', name: 'Sal 1 kg', categoryId: 1 });
    const bytes = await makeXlsx([
      ['código', 'NOME', 'Categoria', 'Unidade', 'Preco de Venda', 'Embalagem'],
      ['prv-new', 'Macarrão 500 g', 'Massas Finas', 'UN', '7,50', 'Caixa c/ 12'],
      [existing.sku, 'Feijão carioca 1 kg', null, null, null, null],
      [same.sku, 'Sal 1 kg', null, null, null, null],
    ]);
    const response = await send('/import/preview', bytes);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['fileName', 'rows', 'summary']);
    expect(body.rows.map((r: { sku: string; action: string }) => [r.sku, r.action])).toEqual([
      ['PRV-NEW', 'create'],
      ['PRV-1', 'update'],
      ['PRV-2', 'unchanged'],
    ]);
    expect(body.rows[0]).toEqual({
      line: 2,
      sku: 'PRV-NEW',
      name: 'Macarrão 500 g',
      action: 'create',
      // the price and the package it records, as read (issue 33)
      costPrice: '0.0000',
      salePrice: '7.5000',
      package: 'Caixa c/ 12 UN',
      errors: [],
    });
    expect(body.rows[2]).toMatchObject({ costPrice: null, salePrice: null, package: null });
    expect(body.summary).toEqual({
      rows: 3,
      valid: 3,
      invalid: 0,
      create: 1,
      update: 1,
      unchanged: 1,
      newCategories: ['Massas Finas'],
    });
    expect(await product('PRV-NEW')).toBeUndefined();
    expect((await product('PRV-1')).name).toBe('Feijão 1 kg');
  });

  it('imports a Windows-1252 CSV: products, packaging with barcode, prices, a new category; again is unchanged', async () => {
    const csv = makeCsv([
      TITLES,
      row('CSV-1', 'Açúcar cristal 1 kg', {
        Categoria: 'Doces e Açúcares',
        Unidade: 'un',
        'Código de barras': '7891000100103',
        NCM: '1701.99.00',
        'Estoque mínimo': '1.500',
        'Preço de custo': '3,50',
        'Preço de venda': '5,99',
        Embalagem: 'Fardo c/ 10',
        'Código de barras da embalagem': '17891000100100',
      }),
      row('CSV-2', 'Café 250 g', { Categoria: 'doces e acucares', Unidade: 'UN', 'Tipo do item': '07' }),
    ]);
    const first = await send('/import', csv, 'produtos.csv');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toEqual({ created: 2, updated: 0, unchanged: 0 });
    const sugar = await detail((await product('CSV-1')).id);
    expect(sugar).toMatchObject({
      name: 'Açúcar cristal 1 kg',
      category: { name: 'Doces e Açúcares' },
      baseUnity: { code: 'UN' },
      barcode: '7891000100103',
      ncm: '17019900',
      minStock: '1500.000',
      itemType: '00',
      currentPrice: { costPrice: '3.5000', salePrice: '5.9900' },
    });
    expect(sugar.prices).toHaveLength(1);
    const pack = sugar.unities.find((u: { isDefault: boolean }) => !u.isDefault);
    expect(pack).toMatchObject({ label: 'Fardo c/ 10 UN', barcode: '17891000100100' });
    const coffee = await product('CSV-2');
    expect(coffee).toMatchObject({
      category: { name: 'Doces e Açúcares' },
      itemType: '07',
      currentPrice: null,
    });
    const again = await send('/import', csv, 'produtos.csv');
    expect(again.json()).toEqual({ created: 0, updated: 0, unchanged: 2 });
    expect((await detail(sugar.id)).prices).toHaveLength(1);
  });

  it('adds a price row only when the price changed, and keeps the other half', async () => {
    const created = await createProduct(ctx.app, cookie, {
      sku: 'PRC-1',
      name: 'Óleo 900 ml',
      categoryId: 1,
    });
    const priced = await ctx.app.inject({
      method: 'POST',
      url: `/api/products/v1/${created.id}/price/v1`,
      headers: { cookie },
      payload: { costPrice: '6.00', salePrice: '8.00' },
    });
    expect(priced.statusCode, priced.body).toBe(201);
    const result = await send(
      '/import',
      await makeXlsx([
        ['Código', 'Nome', 'Preço de venda'],
        ['PRC-1', 'Óleo 900 ml', 8.5],
      ]),
    );
    expect(result.json()).toEqual({ created: 0, updated: 1, unchanged: 0 });
    const after = await detail(created.id);
    expect(after.prices).toHaveLength(2);
    expect(after.currentPrice).toMatchObject({ costPrice: '6.0000', salePrice: '8.5000' });
  });

  it('refuses the whole file with the row errors (422) and writes nothing', async () => {
    const bytes = await makeXlsx([
      TITLES,
      row('BAD-OK', 'Produto bom', { Categoria: 'Mercearia Nova', Unidade: 'UN' }),
      row('BAD-1', 'Sem unidade', { Categoria: 'Mercearia' }),
      row('BAD-2', 'Unidade errada', { Categoria: 'Mercearia', Unidade: 'XYZ' }),
      row('BAD-3', 'Código ruim', {
        Categoria: 'Mercearia',
        Unidade: 'UN',
        'Código de barras': '7891000100104',
      }),
      row('BAD-4', 'Número ruim', {
        Categoria: 'Mercearia',
        Unidade: 'UN',
        'Preço de custo': '1.234.5',
        NCM: '123',
      }),
      row('BAD-5', 'Fração', {
        Categoria: 'Mercearia',
        Unidade: 'UN',
        'Estoque mínimo': '0,5',
        Embalagem: 'Caixa c/ 1,5',
      }),
      row('BAD-6', 'Embalagem', { Categoria: 'Mercearia', Unidade: 'UN', Embalagem: 'Container c/ 3' }),
      row('bad-ok', 'Repetido', { Categoria: 'Mercearia', Unidade: 'UN' }),
      row('', 'Sem código', { Categoria: 'Mercearia', Unidade: 'UN' }),
    ]);
    const preview = (await send('/import/preview', bytes)).json();
    expect(preview.summary).toMatchObject({ rows: 9, valid: 1, invalid: 8 });
    const errors = Object.fromEntries(
      preview.rows.map((r: { line: number; errors: Array<{ column: string; message: string }> }) => [
        r.line,
        r.errors.map((e) => `${e.column}: ${e.message}`).join(' | '),
      ]),
    );
    expect(errors[3]).toMatch(/Unidade: Informe a unidade/);
    // says where units are created (issue 33)
    expect(errors[4]).toBe(
      'Unidade: Unidade XYZ não cadastrada: use o código de uma unidade, como UN ou KG, ou cadastre-a em Unidades.',
    );
    expect(errors[5]).toMatch(/Código de barras: .*inválido/);
    expect(errors[6]).toMatch(/Preço de custo: /);
    expect(errors[6]).toMatch(/NCM: NCM deve ter 8 dígitos/);
    expect(errors[7]).toMatch(/Estoque mínimo: .*inteiro/);
    expect(errors[7]).toMatch(/Embalagem: .*inteira/);
    expect(errors[8]).toMatch(/Tipo de embalagem Container não cadastrado/);
    expect(errors[9]).toMatch(/O código BAD-OK aparece também na linha 2/);
    expect(errors[10]).toMatch(/Código: Campo obrigatório/);
    const response = await send('/import', bytes);
    expect(response.statusCode).toBe(422);
    const body = response.json();
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.message).toBe(
      'A planilha tem 8 linhas com erro: corrija-as e envie de novo. Nada foi gravado.',
    );
    expect(body.rows).toHaveLength(8);
    expect(await product('BAD-OK')).toBeUndefined();
    const categories = (await ctx.app.inject({ url: '/api/categories/v1', headers: { cookie } })).json();
    expect(categories.map((c: { name: string }) => c.name)).not.toContain('Mercearia Nova');
  });

  it('refuses a barcode another product holds, and one repeated in the file', async () => {
    await createProduct(ctx.app, cookie, {
      sku: 'OWN-1',
      name: 'Dono',
      categoryId: 1,
      barcode: '7891000055120',
    });
    const preview = (
      await send(
        '/import/preview',
        await makeXlsx([
          [
            'Código',
            'Nome',
            'Categoria',
            'Unidade',
            'Código de barras',
            'Embalagem',
            'Código de barras da embalagem',
          ],
          ['DUP-1', 'Outro', 'Mercearia', 'UN', '7891000055120', null, null],
          ['DUP-2', 'Terceiro', 'Mercearia', 'UN', '7891000100103', 'Caixa c/ 6', '7891000100103'],
        ]),
      )
    ).json();
    expect(preview.rows[0].errors[0].message).toMatch(/já está em uso/);
    expect(preview.rows[1].errors.map((e: { message: string }) => e.message).join()).toMatch(
      /já está em uso|aparece também/,
    );
  });

  it('does not change the unit of a registered product, and a package that exists is unchanged', async () => {
    const item = await createProduct(ctx.app, cookie, { sku: 'UNI-1', name: 'Arroz', categoryId: 1 });
    await createBox(ctx.app, cookie, item.id, 12);
    const response = await send(
      '/import/preview',
      await makeXlsx([
        ['Código', 'Nome', 'Unidade', 'Embalagem'],
        ['UNI-1', 'Arroz', 'KG', null],
        ['UNI-1x', 'Arroz', null, null],
      ]),
    );
    expect(response.json().rows[0].errors[0].message).toMatch(/não muda pela planilha/);
    const same = await send(
      '/import/preview',
      await makeXlsx([
        ['Código', 'Nome', 'Embalagem'],
        ['UNI-1', 'Arroz', 'Caixa c/ 12 UN'],
      ]),
    );
    expect(same.json().rows[0]).toMatchObject({ action: 'unchanged', errors: [] });
  });

  it('runs two imports of the same new sheet one after the other: the second finds everything unchanged', async () => {
    // large enough for both reads to finish together, so both transactions start at once
    const rows: Cell[][] = [['Código', 'Nome', 'Categoria', 'Unidade']];
    for (let i = 1; i <= 3_000; i += 1)
      rows.push([`JUNTOS-${i}`, `Enviado duas vezes ${i}`, 'Categoria Simultânea', 'UN']);
    const bytes = await makeXlsx(rows);
    const answers = await Promise.all([send('/import', bytes), send('/import', bytes)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201]);
    expect(answers.map((answer) => answer.json()).sort((a, b) => b.created - a.created)).toEqual([
      { created: 3_000, updated: 0, unchanged: 0 },
      { created: 0, updated: 0, unchanged: 3_000 },
    ]);
    const categories = (await ctx.app.inject({ url: '/api/categories/v1', headers: { cookie } })).json();
    const named = categories.filter((c: { name: string }) => c.name === 'Categoria Simultânea');
    expect(named).toHaveLength(1);
  });

  it('refuses a file that is not a sheet (415) and a request without the file (400)', async () => {
    expect((await send('/import/preview', PNG_BYTES, 'foto.xlsx')).statusCode).toBe(415);
    const form = await multipart({ x: '1' });
    const none = await ctx.app.inject({
      method: 'POST',
      url: '/api/products/v1/import/preview',
      headers: { cookie, ...form.headers },
      payload: form.payload,
    });
    expect(none.statusCode).toBe(400);
  });

  it('refuses a sheet without the Nome column (422)', async () => {
    const wrong = await send(
      '/import',
      makeCsv([
        ['Data', 'Código', 'Tipo'],
        ['01/01/2026', 'A', 'E'],
      ]),
      'x.csv',
    );
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().message).toMatch(/Coluna obrigatória ausente: Nome/);
  });

  it('refuses a sheet without products (422)', async () => {
    const empty = await send('/import', makeCsv([['Código', 'Nome']]), 'x.csv');
    expect(empty.statusCode).toBe(422);
    expect(empty.json().message).toBe('A planilha não tem nenhum produto.');
  });

  it('needs a session', async () => {
    const response = await send('/import/preview', await makeXlsx([['Código', 'Nome']]), 'x.xlsx', '');
    expect(response.statusCode).toBe(401);
    expect((await ctx.app.inject({ url: '/api/products/v1/import/template' })).statusCode).toBe(401);
  });

  it('lets an operator import too, with existing categories (a new one is permissions.test.ts)', async () => {
    const operator = await createOperator(ctx.app, cookie, 'operador@catalogo.com.br');
    const { name } = await createCategory(ctx.app, cookie);
    const bytes = await makeXlsx([TITLES, row('OPR-1', 'Vela', { Categoria: name, Unidade: 'UN' })]);
    expect((await send('/import', bytes, 'x.xlsx', operator)).statusCode).toBe(201);
  });
});

describe('catalog sheet longer than one chunk', { timeout: 120_000 }, () => {
  // The sheet is checked and written 5,000 rows at a time: rows of different chunks still see each other.
  const longSheet = (last: Cell[]) => {
    const rows: Cell[][] = [['Código', 'Nome', 'Categoria', 'Unidade', 'Código de barras']];
    rows.push(['LONGA-00001', 'Primeiro da planilha longa', 'Categoria Longa', 'UN', '7891000315507']);
    for (let i = 2; i <= 5_001; i += 1)
      rows.push([`LONGA-${String(i).padStart(5, '0')}`, `Produto longo ${i}`, 'Mercearia', 'UN', null]);
    rows.push(last);
    return makeXlsx(rows);
  };

  it('refuses a code or barcode repeated in a later chunk, naming the first line, and writes nothing', async () => {
    const refused = await send(
      '/import',
      await longSheet(['longa-00001', 'Repetido no fim', 'Mercearia', 'UN', '7891000315507']),
    );
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().summary).toMatchObject({ rows: 5_002, valid: 5_001, invalid: 1 });
    expect(refused.json().rows).toEqual([
      expect.objectContaining({
        line: 5_003,
        errors: [
          { column: 'Código', message: 'O código LONGA-00001 aparece também na linha 2.' },
          {
            column: 'Código de barras',
            message: 'O código de barras 7891000315507 aparece também na linha 2.',
          },
        ],
      }),
    ]);
    expect(await product('LONGA-00001')).toBeUndefined();
  });

  it('imports every row, and a new category spelled again in a later chunk is created once', async () => {
    const imported = await send(
      '/import',
      await longSheet(['LONGA-05002', 'Último da planilha longa', 'categoria longa', 'UN', null]),
    );
    expect(imported.statusCode, imported.body).toBe(201);
    expect(imported.json()).toEqual({ created: 5_002, updated: 0, unchanged: 0 });
    const first = await detail((await product('LONGA-00001')).id);
    const last = await detail((await product('LONGA-05002')).id);
    expect(first.category.name).toBe('Categoria Longa');
    expect(last.category).toEqual(first.category);
    expect(first.barcode).toBe('7891000315507');
    const again = await send(
      '/import/preview',
      await longSheet(['LONGA-05002', 'Último da planilha longa', 'Categoria Longa', 'UN', null]),
    );
    expect(again.json().summary).toMatchObject({ rows: 5_002, unchanged: 5_002, newCategories: [] });
  });
});

describe('catalog sheet and deactivated reference data', { timeout: 120_000 }, () => {
  const patch = (url: string, payload: object) =>
    ctx.app.inject({ method: 'PATCH', url, headers: { cookie }, payload });

  it('keeps a product in the category and package it has once they are deactivated, and gives them to no new one', async () => {
    const name = `Linha antiga ${Date.now()}`;
    const category = await createCategory(ctx.app, cookie, name);
    const kept = await createProduct(ctx.app, cookie, { categoryId: category.id, sku: `ANT-${Date.now()}` });
    const box = await createBox(ctx.app, cookie, kept.id, 12);
    await patch(`/api/categories/v1/${category.id}`, { status: 'inactive' });
    await patch(`/api/unity-batches/v1/${box.unityBatch.id}`, { status: 'inactive' });

    // the product's own row, as the export writes it, with a new name: imported
    const own = row(kept.sku, 'Nome novo da linha antiga', {
      Categoria: name,
      Unidade: 'UN',
      Embalagem: `${box.unityBatch.name} c/ 12`,
    });
    const imported = await send('/import', await makeXlsx([TITLES, own]));
    expect(imported.statusCode, imported.body).toBe(201);
    expect(await detail(kept.id)).toMatchObject({
      name: 'Nome novo da linha antiga',
      category: { id: category.id },
    });
    await patch(`/api/unity-batches/v1/${box.unityBatch.id}`, { status: 'active' });

    // a new product naming the deactivated category: a row error, nothing written
    const sku = `NOVO-ANT-${Date.now()}`;
    const refused = await send(
      '/import',
      await makeXlsx([TITLES, row(sku, 'Novo', { Categoria: name, Unidade: 'UN' })]),
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json().rows[0].errors).toEqual([
      {
        column: 'Categoria',
        message: `A categoria ${name} está desativada: reative-a em Categorias ou use outra.`,
      },
    ]);
    expect(await product(sku)).toBeUndefined();
  });

  it('keeps a product in its deactivated unit, and gives that unit or a deactivated package kind to no new one', async () => {
    const code = `V${Date.now()}`.slice(-6);
    const unit = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/unities/v1',
        headers: { cookie },
        payload: { code, name: `Unidade ${code}`, fractional: false },
      })
    ).json();
    const kind = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/unity-batches/v1',
        headers: { cookie },
        payload: { code: `F${code}`, name: `Fardo ${code}` },
      })
    ).json();
    const kept = await createProduct(ctx.app, cookie, { baseUnityId: unit.id, sku: `UNI-${code}` });
    await patch(`/api/unities/v1/${unit.id}`, { status: 'inactive' });
    await patch(`/api/unity-batches/v1/${kind.id}`, { status: 'inactive' });

    const own = await send(
      '/import',
      await makeXlsx([TITLES, row(kept.sku, 'Continua na unidade', { Unidade: unit.code })]),
    );
    expect(own.statusCode, own.body).toBe(201);
    expect(await detail(kept.id)).toMatchObject({ name: 'Continua na unidade', baseUnity: { id: unit.id } });

    const refused = await send(
      '/import',
      await makeXlsx([
        TITLES,
        row(`UNI-NOVO-${code}`, 'Novo na unidade', { Categoria: 'Mercearia', Unidade: unit.code }),
        row(kept.sku, 'Fardo novo', { Embalagem: `${kind.name} c/ 6` }),
      ]),
    );
    expect(refused.statusCode).toBe(422);
    const errors = refused
      .json()
      .rows.map((r: { errors: Array<{ message: string }> }) => r.errors[0]?.message);
    expect(errors).toEqual([
      `A unidade ${unit.code} está desativada: reative-a em Unidades ou use outra.`,
      `O tipo de embalagem ${kind.name} está desativado: reative-o em Embalagens ou use outro.`,
    ]);
  });
});
