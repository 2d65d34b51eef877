import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appWithAdmin,
  buildTestApp,
  createOperator,
  dialectUnderTest,
  signUpAndLogin,
  type TestContext,
} from '../helper.ts';
import { buildApp } from '../../src/app.ts';
import type { TLiveEvent } from '@armazem/contracts/events';
import {
  batchId,
  createProduct,
  defaultUnityId,
  stockIn,
  unique,
  uniqueGtin,
  unityId,
  insertCategory,
} from '../factories.ts';
import { makeCsv, multipart } from '../sheets.ts';

// Counting together (DESIGN.md §6.1) on SQLite and PostgreSQL: scans add on the server, typed totals say what they
// saw, each person's part, the uncounted list, blind counts, the sheet's preview and mode, and the events stream.
// Each test counts its own category, so the other tests' products never enter its scope.
let ctx: TestContext;
let admin: string;
let operator: string;
beforeAll(async () => {
  ({ ctx, cookie: admin } = await appWithAdmin('admin@juntos.com.br', 'Ana Admin'));
  operator = await createOperator(ctx.app, admin, 'operador@juntos.com.br');
});
afterAll(async () => ctx.close());

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, payload?: unknown, as = admin) =>
  ctx.app.inject({
    method,
    url,
    headers: { cookie: as },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
const counts = '/api/stock/counts/v1';

const category = () => insertCategory(ctx.handle.db);

async function product(categoryId: number, stock = 0, name?: string) {
  const created = await createProduct(ctx.app, admin, {
    categoryId,
    baseUnityId: await unityId(ctx.app, admin, 'UN'),
    ...(name ? { name } : {}),
  });
  const productUnityId = await defaultUnityId(ctx.app, admin, created.id);
  if (stock > 0)
    await stockIn(ctx.app, admin, { productId: created.id, productUnityId, quantity: stock, unitCost: 2 });
  return { id: created.id as number, sku: created.sku as string, name: created.name as string };
}

async function startCount(categoryId: number, extra: Record<string, unknown> = {}) {
  const response = await call('POST', counts, { categoryId, ...extra });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number; blind: boolean };
}

type Line = {
  product: { id: number };
  expectedQuantity: string | null;
  countedQuantity: string | null;
  difference: string | null;
  differenceValue: string | null;
  countedBy: Array<{ user: { name: string }; quantity: string }>;
};
const detail = async (id: number, as = admin) => (await call('GET', `${counts}/${id}`, undefined, as)).json();
const lineOf = async (id: number, productId: number) =>
  ((await detail(id)).items as Line[]).find((line) => line.product.id === productId);
const scan = (id: number, body: Record<string, unknown>, as = admin) =>
  call('POST', `${counts}/${id}/scans`, body, as);

describe('scans', () => {
  it('adds every scan of two people scanning one product at once: 2 × 50 scans are 100', async () => {
    const cat = await category();
    const p = await product(cat);
    const count = await startCount(cat);
    const burst = (as: string) => Array.from({ length: 50 }, () => scan(count.id, { code: p.sku }, as));
    const answers = await Promise.all([...burst(admin), ...burst(operator)]);
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const line = await lineOf(count.id, p.id);
    expect(line?.countedQuantity).toBe('100.000');
    expect(Object.fromEntries(line?.countedBy.map((part) => [part.user.name, part.quantity]) ?? [])).toEqual({
      'Ana Admin': '50.000',
      'Operador de Teste': '50.000',
    });
  });

  it('counts packages: a package barcode with quantity 20 of "Pacote c/ 100" adds 2.000 UN', async () => {
    const cat = await category();
    const p = await product(cat);
    const barcode = uniqueGtin();
    const pack = await call('POST', `/api/products/v1/${p.id}/unity/v1`, {
      unityId: await unityId(ctx.app, admin, 'PCT'),
      unityBatchId: await batchId(ctx.app, admin, 'PACOTE'),
      quantity: 100,
      barcode,
    });
    expect(pack.statusCode, pack.body).toBe(201);
    const count = await startCount(cat);
    const answer = await scan(count.id, { code: barcode, quantity: '20' });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({
      product: { id: p.id },
      unity: { code: 'UN' },
      countedQuantity: '2000.000',
      countedBy: [{ user: { name: 'Ana Admin' }, quantity: '2000.000' }],
      scanned: { productUnityId: pack.json().id, packages: '20.000', baseQuantity: '2000.000' },
    });
    expect(answer.json().scanned.label).toContain('100');
    // the SKU counts one base unit; a typed quantity follows the Brazilian rule ("1.500" is one thousand five hundred)
    expect((await scan(count.id, { code: p.sku })).json().countedQuantity).toBe('2001.000');
    expect((await scan(count.id, { code: p.sku, quantity: '1.500' })).json().countedQuantity).toBe(
      '3501.000',
    );
    // taken back, never below zero
    expect((await scan(count.id, { code: barcode, quantity: -35 })).json().countedQuantity).toBe('1.000');
    const below = await scan(count.id, { code: p.sku, quantity: -2 });
    expect(below.statusCode).toBe(400);
    expect((await lineOf(count.id, p.id))?.countedQuantity).toBe('1.000');
  });

  it('refuses an unknown code (404) and a closed count (409)', async () => {
    const cat = await category();
    const p = await product(cat, 3);
    const count = await startCount(cat);
    const unknown = await scan(count.id, { code: 'NAO-EXISTE-123' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(
      'Código NAO-EXISTE-123 não encontrado entre os produtos deste balanço.',
    );
    // a product of another category is not in this count
    const other = await product(await category());
    expect((await scan(count.id, { code: other.sku })).statusCode).toBe(404);
    expect((await scan(count.id, { code: p.sku })).statusCode).toBe(200);
    expect((await call('POST', `${counts}/${count.id}/post`, {})).statusCode).toBe(200);
    const closed = await scan(count.id, { code: p.sku });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe('Este balanço já foi lançado no estoque.');
  });
});

describe('typed totals', () => {
  it('refuses a total typed over a figure someone changed since (409 COUNT_CHANGED), writing nothing', async () => {
    const cat = await category();
    const cafe = await product(cat, 0, `Café ${unique()} 500 g`);
    const other = await product(cat);
    const count = await startCount(cat);
    // the operator saw "not counted"; meanwhile the admin scanned 12
    expect((await scan(count.id, { code: cafe.sku, quantity: 12 })).statusCode).toBe(200);
    const stale = await call(
      'PUT',
      `${counts}/${count.id}/items`,
      {
        items: [
          { productId: other.id, countedQuantity: 4, seenQuantity: null },
          { productId: cafe.id, countedQuantity: 10, seenQuantity: null },
        ],
      },
      operator,
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: 'COUNT_CHANGED',
      message: `Ana Admin alterou a contagem de ${cafe.name} para 12 UN. Confira e digite de novo.`,
      countedQuantity: '12.000',
    });
    expect((await lineOf(count.id, cafe.id))?.countedQuantity).toBe('12.000');
    expect((await lineOf(count.id, other.id))?.countedQuantity).toBeNull();

    // with the figure seen, the typed total replaces it, and the parts still add up to it
    const typed = await call(
      'PUT',
      `${counts}/${count.id}/items`,
      { items: [{ productId: cafe.id, countedQuantity: '10', seenQuantity: '12' }] },
      operator,
    );
    expect(typed.statusCode, typed.body).toBe(200);
    const line = await lineOf(count.id, cafe.id);
    expect(line?.countedQuantity).toBe('10.000');
    expect(Object.fromEntries(line?.countedBy.map((part) => [part.user.name, part.quantity]) ?? [])).toEqual({
      'Ana Admin': '12.000',
      'Operador de Teste': '-2.000',
    });
    // without seenQuantity a put replaces, as before
    const plain = await call('PUT', `${counts}/${count.id}/items`, {
      items: [{ productId: cafe.id, countedQuantity: 7 }],
    });
    expect(plain.statusCode).toBe(200);
    const after = await lineOf(count.id, cafe.id);
    expect(after?.countedQuantity).toBe('7.000');
    expect(after?.countedBy.reduce((sum, part) => sum + Number(part.quantity), 0)).toBe(7);
    // forgotten, the line loses its parts
    await call('PUT', `${counts}/${count.id}/items`, {
      items: [{ productId: cafe.id, countedQuantity: null }],
    });
    expect(await lineOf(count.id, cafe.id)).toMatchObject({ countedQuantity: null, countedBy: [] });
  });

  it('lists the products not counted yet', async () => {
    const cat = await category();
    const a = await product(cat);
    const b = await product(cat);
    const count = await startCount(cat);
    await scan(count.id, { code: a.sku });
    const answer = await call('GET', `${counts}/${count.id}/uncounted`);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().map((item: { product: { id: number } }) => item.product.id)).toEqual([b.id]);
    expect(answer.json()[0]).toMatchObject({ product: { sku: b.sku }, unity: { code: 'UN' } });
  });
});

describe('blind counts', () => {
  it('hides the expected figures from an operator, not from an admin', async () => {
    const cat = await category();
    const p = await product(cat, 10);
    const count = await startCount(cat, { blind: true });
    expect(count.blind).toBe(true);
    await scan(count.id, { code: p.sku, quantity: 7 }, operator);
    const seen = await detail(count.id, operator);
    expect(seen.items[0]).toMatchObject({
      countedQuantity: '7.000',
      expectedQuantity: null,
      difference: null,
      differenceValue: null,
    });
    expect(seen.totals).toMatchObject({
      withDifference: null,
      surplusValue: null,
      shortageValue: null,
      differenceValue: null,
    });
    expect(JSON.stringify(seen)).not.toContain('10.000');
    const filtered = await call('GET', `${counts}/${count.id}?differences=true`, undefined, operator);
    expect(filtered.statusCode).toBe(403);
    const saved = await call(
      'PUT',
      `${counts}/${count.id}/items`,
      { items: [{ productId: p.id, countedQuantity: 8 }] },
      operator,
    );
    expect(saved.json().items[0].expectedQuantity).toBeNull();
    // the sheet to count on names no expected figure
    const sheet = await call('GET', `${counts}/${count.id}/sheet`, undefined, operator);
    expect(sheet.statusCode).toBe(200);
    const byAdmin = await detail(count.id);
    expect(byAdmin.items[0]).toMatchObject({ expectedQuantity: '10.000', difference: '-2.000' });
    expect(byAdmin.totals.withDifference).toBe(1);
  });
});

describe('count sheet upload', () => {
  const upload = (id: number, path: string, rows: Array<Array<string | number | null>>, mode?: string) =>
    multipart(mode ? { mode } : {}, {
      name: 'contagem.csv',
      bytes: makeCsv([['Código', 'Quantidade contada'], ...rows]),
    }).then((form) =>
      ctx.app.inject({
        method: 'POST',
        url: `${counts}/${id}/sheet${path}`,
        headers: { cookie: admin, ...form.headers },
        payload: form.payload,
      }),
    );

  it('previews what each row would do, and adds to or replaces the counts', async () => {
    const cat = await category();
    const a = await product(cat);
    const b = await product(cat);
    const count = await startCount(cat);
    await scan(count.id, { code: a.sku, quantity: 5 });
    const preview = await upload(
      count.id,
      '/preview',
      [
        [a.sku, 3],
        [b.sku, '1.500'],
        ['NAO-EXISTE', 1],
      ],
      'add',
    );
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({
      mode: 'add',
      summary: { rows: 3, valid: 2, invalid: 1 },
      rows: [
        {
          line: 2,
          product: { id: a.id },
          sheetQuantity: '3.000',
          currentQuantity: '5.000',
          newQuantity: '8.000',
        },
        { line: 3, product: { id: b.id }, currentQuantity: null, newQuantity: '1500.000', errors: [] },
        { line: 4, product: null, errors: [expect.stringContaining('NAO-EXISTE')] },
      ],
    });
    expect((await lineOf(count.id, a.id))?.countedQuantity).toBe('5.000');
    const replacePreview = await upload(count.id, '/preview', [[a.sku, 3]]);
    expect(replacePreview.json()).toMatchObject({ mode: 'replace', rows: [{ newQuantity: '3.000' }] });

    const added = await upload(
      count.id,
      '',
      [
        [a.sku, 3],
        [b.sku, 2],
      ],
      'add',
    );
    expect(added.statusCode, added.body).toBe(200);
    expect((await lineOf(count.id, a.id))?.countedQuantity).toBe('8.000');
    const replaced = await upload(count.id, '', [[a.sku, 4]], 'replace');
    expect(replaced.statusCode).toBe(200);
    const line = await lineOf(count.id, a.id);
    expect(line?.countedQuantity).toBe('4.000');
    expect(line?.countedBy).toEqual([expect.objectContaining({ quantity: '4.000' })]);
    expect((await lineOf(count.id, b.id))?.countedQuantity).toBe('2.000');
    expect((await upload(count.id, '', [[a.sku, 1]], 'somar')).statusCode).toBe(400);
  });
});

describe('events', () => {
  it('refuses the stream without a session', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/events/v1' })).statusCode).toBe(401);
  });

  it('streams an event to a signed-in client after a scan', async () => {
    const cat = await category();
    const p = await product(cat);
    const count = await startCount(cat);
    const address = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    const aborter = new AbortController();
    const response = await fetch(`${address}/api/events/v1`, {
      headers: { cookie: operator },
      signal: aborter.signal,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    const until = async (done: (text: string) => boolean) => {
      while (!done(text)) {
        const chunk = await reader.read();
        if (chunk.done) throw new Error(`o fluxo terminou: ${text}`);
        text += chunk.value;
      }
    };
    await until((t) => t.includes(': conectado'));
    expect((await scan(count.id, { code: p.sku })).statusCode).toBe(200);
    const event = `data: ${JSON.stringify({ type: 'count', ids: [count.id] })}`;
    await until((t) => t.includes(event));
    aborter.abort();
    await reader.cancel().catch(() => undefined);
  });

  it('ends the open streams when the app closes, so a shutdown never waits on them', async () => {
    const own = await buildTestApp();
    const cookie = await signUpAndLogin(own.app, 'admin@fecha.com.br');
    const address = await own.app.listen({ host: '127.0.0.1', port: 0 });
    const response = await fetch(`${address}/api/events/v1`, { headers: { cookie } });
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    while (!text.includes(': conectado')) text += (await reader.read()).value ?? '';
    await own.close();
    let done = false;
    while (!done) done = (await reader.read()).done;
    expect(done).toBe(true);
  });

  it.runIf(dialectUnderTest === 'postgres')(
    'tells every instance on the same PostgreSQL database (NOTIFY/LISTEN), not only the one that wrote',
    async () => {
      const other = await buildApp({ database: ctx.handle, config: ctx.app.config });
      try {
        const heard: TLiveEvent[] = [];
        const stop = await other.events.subscribe((event) => heard.push(event));
        const cat = await category();
        const p = await product(cat);
        const count = await startCount(cat);
        await scan(count.id, { code: p.sku });
        await expect
          .poll(() => heard.some((event) => event.type === 'count' && event.ids.includes(count.id)))
          .toBe(true);
        stop();
      } finally {
        await other.close(); // its LISTEN connection; the database stays with the first instance
      }
    },
  );
});
