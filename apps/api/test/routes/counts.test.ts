import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithAdmin, createOperator, type TestContext } from '../helper.ts';
import {
  createBox,
  createProduct,
  defaultUnityId,
  stockIn,
  stockOut,
  unique,
  uniqueGtin,
  unityId,
  insertCategory,
} from '../factories.ts';
import { assertLedgerInvariant } from '../invariants.ts';

// Inventory counts (balanço) on SQLite and PostgreSQL. Each test counts its own category, so the products of the
// other tests never enter its scope.
let ctx: TestContext;
let cookie: string;
let operator: string;
beforeAll(async () => {
  ({ ctx, cookie } = await appWithAdmin('admin@balanco.com.br', 'Ana Admin'));
  operator = await createOperator(ctx.app, cookie, 'operador@balanco.com.br');
});
afterAll(async () => ctx.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, payload?: unknown, as = cookie) =>
  ctx.app.inject({
    method,
    url,
    headers: { cookie: as },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());

const category = () => insertCategory(ctx.handle.db);

async function product(categoryId: number, stock: Array<[number | string, number | string]>, unit = 'UN') {
  const created = await createProduct(ctx.app, cookie, {
    categoryId,
    baseUnityId: await unityId(ctx.app, cookie, unit),
  });
  const productUnityId = await defaultUnityId(ctx.app, cookie, created.id);
  for (const [quantity, unitCost] of stock) {
    await stockIn(ctx.app, cookie, { productId: created.id, productUnityId, quantity, unitCost });
  }
  return { id: created.id as number, sku: created.sku as string, productUnityId };
}

async function startCount(categoryId: number, extra: Record<string, unknown> = {}) {
  const response = await call('POST', '/api/stock/counts/v1', {
    categoryId,
    description: 'Balanço de teste',
    ...extra,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number; status: string; countedOn: string };
}

type Item = {
  product: { id: number };
  expectedQuantity: string;
  countedQuantity: string | null;
  difference: string | null;
  differenceValue: string | null;
  countedBy: Array<{ user: { name: string }; quantity: string }>;
};
const detail = async (id: number, query = '') =>
  (await call('GET', `/api/stock/counts/v1/${id}${query}`)).json();
const itemOf = (body: { items: Item[] }, productId: number) =>
  body.items.find((i) => i.product.id === productId);
const balance = async (productId: number) =>
  (await call('GET', `/api/products/v1/${productId}`)).json().stockQuantity as string;

describe('inventory counts', () => {
  it('posts surpluses, shortages and leaves uncounted products alone; posting twice is refused; undo restores', async () => {
    const cat = await category();
    const surplus = await product(cat, [[10, 2]]); // 10 UN at R$ 2
    const shortage = await product(cat, [[10, 3]]);
    const uncounted = await product(cat, [[4, 5]]);
    const empty = await product(cat, []); // balance zero, never bought: surplus valued at 0
    const count = await startCount(cat);
    expect(count).toMatchObject({ status: 'open', countedOn: today() });

    const put = await call('PUT', `/api/stock/counts/v1/${count.id}/items`, {
      items: [
        { productId: surplus.id, countedQuantity: 12 },
        { productId: shortage.id, countedQuantity: '7' },
        { productId: empty.id, countedQuantity: 1 },
      ],
    });
    expect(put.statusCode, put.body).toBe(200);
    const body = await detail(count.id);
    expect(body.items).toHaveLength(4);
    expect(itemOf(body, surplus.id)).toMatchObject({
      expectedQuantity: '10.000',
      countedQuantity: '12.000',
      difference: '2.000',
      differenceValue: '4.0000',
      countedBy: [{ user: { name: 'Ana Admin' }, quantity: '12.000' }],
    });
    expect(itemOf(body, shortage.id)).toMatchObject({ difference: '-3.000', differenceValue: '-9.0000' });
    expect(itemOf(body, uncounted.id)).toMatchObject({ countedQuantity: null, difference: null });
    expect(body.totals).toMatchObject({ products: 4, counted: 3, uncounted: 1, withDifference: 3 });
    const diffs = await detail(count.id, '?differences=true');
    expect(diffs.items.map((i: Item) => i.product.id).sort()).toEqual(
      [surplus.id, shortage.id, empty.id].sort(),
    );

    const posted = await call('POST', `/api/stock/counts/v1/${count.id}/post`, {});
    expect(posted.statusCode, posted.body).toBe(200);
    expect(posted.json()).toMatchObject({ status: 'posted', postedBy: { name: 'Ana Admin' } });
    expect(await balance(surplus.id)).toBe('12.000');
    expect(await balance(shortage.id)).toBe('7.000');
    expect(await balance(uncounted.id)).toBe('4.000');
    expect(await balance(empty.id)).toBe('1.000');
    // the header still says "3 de 4", not "3 de 3": the products in scope when it was posted (issue 33)
    expect((await detail(count.id)).totals).toMatchObject({ products: 4, counted: 3, uncounted: 1 });
    const rows = await ctx.handle.db
      .selectFrom('stock_ledger')
      .selectAll()
      .where('count_id', '=', count.id)
      .execute();
    expect(rows).toHaveLength(3);
    for (const row of rows)
      expect(row).toMatchObject({
        source: 'count',
        reason: 'ajuste', // a surplus is an `ajuste` entry, a shortage an `ajuste` exit (DESIGN.md §2 and §3)
        occurred_on: today(),
      });
    const entry = rows.find((r) => r.product_id === surplus.id);
    expect(String(entry?.unit_cost)).toBe('20000'); // R$ 2,0000 per UN: the average at the date
    // the ledger takes `ajuste` on an entry, and still no other reason
    const otherReason = ctx.handle.db
      .insertInto('stock_ledger')
      .values({
        product_id: surplus.id,
        product_unity_id: surplus.productUnityId,
        direction: 'in',
        quantity: '1000',
        base_quantity: '1000',
        unit_cost: '0',
        total_cost: '0',
        occurred_on: today(),
        reason: 'venda',
        created_by: 1,
        created_at: new Date().toISOString(),
      })
      .execute();
    await expect(otherReason).rejects.toThrow(/stock_ledger_reason_direction/);
    const exit = rows.find((r) => r.product_id === shortage.id);
    expect(String(exit?.total_cost)).toBe('90000');
    // the posted count keeps what it found
    expect(itemOf(await detail(count.id), shortage.id)).toMatchObject({
      expectedQuantity: '10.000',
      difference: '-3.000',
    });

    const again = await call('POST', `/api/stock/counts/v1/${count.id}/post`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Este balanço já foi lançado no estoque.');
    const edit = await call('PUT', `/api/stock/counts/v1/${count.id}/items`, {
      items: [{ productId: surplus.id, countedQuantity: 1 }],
    });
    expect(edit.statusCode).toBe(409);
    // a count's row cannot be cancelled one by one
    const single = await call('POST', `/api/stock/v1/in/${entry?.id}/cancel`, { reason: 'teste' });
    expect(single.statusCode).not.toBe(200);

    const undo = await call('DELETE', `/api/stock/counts/v1/${count.id}`);
    expect(undo.statusCode, undo.body).toBe(204);
    expect(await balance(surplus.id)).toBe('10.000');
    expect(await balance(shortage.id)).toBe('10.000');
    expect(await balance(empty.id)).toBe('0.000');
    expect((await detail(count.id)).status).toBe('discarded');
    expect((await call('DELETE', `/api/stock/counts/v1/${count.id}`)).statusCode).toBe(409);
    await assertLedgerInvariant(ctx.handle.db);
  });

  it('counts uncounted products as zero when asked, and values a surplus at the last entry cost when the balance is zero', async () => {
    const cat = await category();
    const sold = await product(cat, [[5, 4]]);
    await stockOut(ctx.app, cookie, {
      productId: sold.id,
      productUnityId: sold.productUnityId,
      quantity: 5,
      reason: 'venda',
    });
    const forgotten = await product(cat, [[3, 1]]);
    const count = await startCount(cat);
    const saved = await call('PUT', `/api/stock/counts/v1/${count.id}/items`, {
      items: [{ productId: sold.id, countedQuantity: 2 }],
    });
    // before posting, the screen values the surplus as posting will: 2 × R$ 4,00, not at the zero balance's cost
    const surplus = { averageCost: '4.0000', difference: '2.000', differenceValue: '8.0000' };
    expect(itemOf(saved.json(), sold.id)).toMatchObject(surplus);
    // the answer carries the whole count's totals after the save, for the screen's summary
    expect(saved.json().items).toHaveLength(1);
    expect(saved.json().totals).toMatchObject({
      products: 2,
      counted: 1,
      uncounted: 1,
      surplusValue: '8.0000',
    });
    const open = await detail(count.id);
    expect(itemOf(open, sold.id)).toMatchObject(surplus);
    expect(open.totals.surplusValue).toBe('8.0000');
    const posted = await call('POST', `/api/stock/counts/v1/${count.id}/post`, { uncountedAsZero: true });
    expect(posted.statusCode, posted.body).toBe(200);
    expect(await balance(forgotten.id)).toBe('0.000');
    expect(await balance(sold.id)).toBe('2.000');
    const entry = await ctx.handle.db
      .selectFrom('stock_ledger')
      .select(['unit_cost', 'direction'])
      .where('count_id', '=', count.id)
      .where('product_id', '=', sold.id)
      .executeTakeFirstOrThrow();
    expect(String(entry.unit_cost)).toBe('40000'); // R$ 4,00: the last entry's cost
    expect(itemOf(await detail(count.id), sold.id)).toMatchObject(surplus);
    expect(itemOf(await detail(count.id), forgotten.id)).toMatchObject({
      countedQuantity: '0.000',
      difference: '-3.000',
    });
  });

  it('respects fractional units: whole units only for UN, thousandths for KG; a forgotten count is removed with null', async () => {
    const cat = await category();
    const whole = await product(cat, [[3, 1]]);
    const kg = await product(cat, [['2.5', '10']], 'KG');
    const count = await startCount(cat);
    const bad = await call('PUT', `/api/stock/counts/v1/${count.id}/items`, {
      items: [{ productId: whole.id, countedQuantity: '1.5' }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('inteira');
    const twice = await call('PUT', `/api/stock/counts/v1/${count.id}/items`, {
      items: [
        { productId: whole.id, countedQuantity: 1 },
        { productId: whole.id, countedQuantity: 2 },
      ],
    });
    expect([twice.statusCode, twice.json().message]).toEqual([
      400,
      'Itens: Cada produto aparece uma vez só em cada envio.',
    ]);
    const ok = await call('PUT', `/api/stock/counts/v1/${count.id}/items`, {
      items: [
        { productId: kg.id, countedQuantity: '2.125' },
        { productId: whole.id, countedQuantity: 9 },
      ],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const forget = await call('PUT', `/api/stock/counts/v1/${count.id}/items`, {
      items: [{ productId: whole.id, countedQuantity: null }],
    });
    expect(forget.statusCode).toBe(200);
    expect(itemOf(await detail(count.id), whole.id)?.countedQuantity).toBeNull();
    expect((await call('POST', `/api/stock/counts/v1/${count.id}/post`, {})).statusCode).toBe(200);
    expect(await balance(kg.id)).toBe('2.125');
    expect(await balance(whole.id)).toBe('3.000');
  });

  it('lets two people count the same count at once: every product kept, the last write per product wins, each shown with who counted', async () => {
    const cat = await category();
    const products = await Promise.all(Array.from({ length: 6 }, () => product(cat, [[1, 1]])));
    const count = await startCount(cat);
    const first = products.slice(0, 4).map((p) => ({ productId: p.id, countedQuantity: 5 }));
    const second = products.slice(2).map((p) => ({ productId: p.id, countedQuantity: 8 }));
    const [a, b] = await Promise.all([
      call('PUT', `/api/stock/counts/v1/${count.id}/items`, { items: first }),
      call('PUT', `/api/stock/counts/v1/${count.id}/items`, { items: second }, operator),
    ]);
    expect(a.statusCode, a.body).toBe(200);
    expect(b.statusCode, b.body).toBe(200);
    const body = await detail(count.id);
    expect(body.totals.counted).toBe(6);
    for (const p of products.slice(0, 2))
      expect(itemOf(body, p.id)).toMatchObject({
        countedQuantity: '5.000',
        countedBy: [{ user: { name: 'Ana Admin' }, quantity: '5.000' }],
      });
    for (const p of products.slice(4))
      expect(itemOf(body, p.id)).toMatchObject({
        countedQuantity: '8.000',
        countedBy: [{ user: { name: 'Operador de Teste' }, quantity: '8.000' }],
      });
    for (const p of products.slice(2, 4)) {
      const item = itemOf(body, p.id);
      expect(['5.000', '8.000']).toContain(item?.countedQuantity);
    }
  });

  it('values a shortage as the exit its posting writes, and a posted count keeps the lines it posted', async () => {
    const cat = await category();
    // 10 boxes of 3 at R$ 10,00: 30 UN worth R$ 100,00, an average of R$ 3,3333… that no 4-decimal figure times a
    // quantity gives back
    const granel = await product(cat, []);
    const box = await createBox(ctx.app, cookie, granel.id, 3);
    await stockIn(ctx.app, cookie, {
      productId: granel.id,
      productUnityId: box.id,
      quantity: 10,
      unitCost: 10,
    });
    const fixed = await call('GET', `/api/stock/v1?q=${granel.sku}`);
    expect(fixed.json().data[0].totalValue).toBe('100.0000');
    const agua = await product(cat, [[24, 2]]);
    const count = await startCount(cat);
    await call('PUT', `/api/stock/counts/v1/${count.id}/items`, {
      items: [
        { productId: granel.id, countedQuantity: 15 },
        { productId: agua.id, countedQuantity: 30 },
      ],
    });
    const open = await detail(count.id);
    // half of R$ 100,00 leaves: R$ 50,00 exactly, not 15 × 3,3333 = 49,9995
    expect(itemOf(open, granel.id)?.differenceValue).toBe('-50.0000');
    expect(open.totals.shortageValue).toBe('50.0000');

    // Counted, then deactivated before posting: still posted, not dropped without a word.
    const off = await call('PATCH', `/api/products/v1/${agua.id}`, { status: 'inactive' });
    expect(off.statusCode, off.body).toBe(200);
    expect(itemOf(await detail(count.id), agua.id)?.countedQuantity).toBe('30.000');
    expect((await call('POST', `/api/stock/counts/v1/${count.id}/post`, {})).statusCode).toBe(200);
    expect(await balance(agua.id)).toBe('30.000');
    const exits = (await call('GET', `/api/stock/out/v1?q=${granel.sku}`)).json().data;
    expect(exits[0].totalCost).toBe('50.0000');

    // After posting, the lines are what was posted, whatever the products become.
    await call('PATCH', `/api/products/v1/${agua.id}`, { status: 'active' });
    const later = await product(cat, [[5, 1]]); // a new product in the category, never counted
    const posted = await detail(count.id);
    expect(posted.items.map((i: Item) => i.product.id).sort()).toEqual([granel.id, agua.id].sort());
    expect(itemOf(posted, later.id)).toBeUndefined();
    expect(itemOf(posted, granel.id)?.differenceValue).toBe('-50.0000');
    expect(itemOf(posted, agua.id)).toMatchObject({ difference: '6.000', differenceValue: '12.0000' });
    expect(posted.totals).toMatchObject({ shortageValue: '50.0000', surplusValue: '12.0000' });
    await assertLedgerInvariant(ctx.handle.db);
  });

  it('takes a request without a body where every field is optional; a required body is still asked for', async () => {
    const bare = (url: string, headers: Record<string, string> = {}, payload?: string) =>
      ctx.app.inject({ method: 'POST', url, headers: { cookie, ...headers }, payload });
    const created = await bare('/api/stock/counts/v1');
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ status: 'open', description: null, category: null });
    const json = { 'content-type': 'application/json' };
    const posted = await bare(`/api/stock/counts/v1/${created.json().id}/post`, json, '');
    expect(posted.statusCode, posted.body).toBe(200);
    expect(posted.json().status).toBe('posted');
    const required = await bare('/api/stock/in/v1', json, '  ');
    expect([required.statusCode, required.json().message]).toEqual([
      400,
      'Envie os dados do pedido no corpo da requisição (JSON).',
    ]);
    // Fastify's own guards stay: a body that poisons the prototype is refused
    const poisoned = await bare('/api/stock/counts/v1', json, '{"__proto__":{"admin":true}}');
    expect(poisoned.statusCode).toBe(400);
  });

  it('sorts the counts list by any offered column and refuses any other sort by name', async () => {
    const tag = `ordem${unique()}`;
    for (const description of [`Zélia ${tag}`, `abacate ${tag}`, `Ébano ${tag}`]) {
      expect((await call('POST', '/api/stock/counts/v1', { description })).statusCode).toBe(201);
    }
    const names = async (query: string) =>
      (await call('GET', `/api/stock/counts/v1?q=${tag}&${query}`))
        .json()
        .data.map((c: { description: string }) => c.description.split(' ')[0]);
    expect(await names('sort=description')).toEqual(['abacate', 'Ébano', 'Zélia']);
    expect(await names('sort=description&order=desc')).toEqual(['Zélia', 'Ébano', 'abacate']);
    expect(await names('sort=createdAt&order=desc')).toEqual(['Ébano', 'abacate', 'Zélia']);
    const refused = await call('GET', '/api/stock/counts/v1?sort=zzz');
    expect([refused.statusCode, refused.json().message]).toEqual([400, 'Ordenação inválida.']);
  });

  it('refuses a count dated in a closed month, or in the future; discards an open count', async () => {
    const [year, month] = today().split('-').map(Number) as [number, number];
    const previous = month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 };
    const lastDay = new Date(Date.UTC(previous.year, previous.month, 0)).toISOString().slice(0, 10);
    const cat = await category();
    const open = await startCount(cat, { countedOn: lastDay });
    const closed = await call('POST', '/api/stock/closings/v1', previous);
    expect(closed.statusCode, closed.body).toBe(201);
    const refused = await call('POST', '/api/stock/counts/v1', { countedOn: lastDay });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('PERIOD_CLOSED');
    const posting = await call('POST', `/api/stock/counts/v1/${open.id}/post`, {});
    expect(posting.json().code).toBe('PERIOD_CLOSED');
    await call('POST', '/api/stock/closings/v1/reopen', { ...previous, reason: 'teste de balanço' });
    expect((await call('POST', '/api/stock/counts/v1', { countedOn: '2999-01-01' })).statusCode).toBe(400);
    expect((await call('DELETE', `/api/stock/counts/v1/${open.id}`)).statusCode).toBe(204);
    expect((await detail(open.id)).status).toBe('discarded');
    const list = (await call('GET', '/api/stock/counts/v1?status=discarded')).json();
    expect(list.data.some((c: { id: number }) => c.id === open.id)).toBe(true);
    const csv = await call('GET', '/api/stock/counts/v1?status=discarded&format=csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Descartado');
  });
});

describe('count sheet', () => {
  it('downloads the products in scope and merges an upload, or refuses it whole with the rows in error', async () => {
    const { makeXlsx, multipart } = await import('../sheets.ts');
    const cat = await category();
    const a = await product(cat, [[2, 1]]);
    const b = await product(cat, [[5, 1]]);
    const count = await startCount(cat);
    const sheet = await call('GET', `/api/stock/counts/v1/${count.id}/sheet`);
    expect(sheet.statusCode).toBe(200);
    expect(sheet.headers['content-type']).toContain('spreadsheetml');

    const upload = async (rows: Array<Array<string | number | null>>) => {
      const form = await multipart(
        {},
        {
          name: 'contagem.xlsx',
          bytes: await makeXlsx([
            ['Código', 'Código de barras', 'Produto', 'Unidade', 'Quantidade contada'],
            ...rows,
          ]),
        },
      );
      return ctx.app.inject({
        method: 'POST',
        url: `/api/stock/counts/v1/${count.id}/sheet`,
        headers: { cookie, ...form.headers },
        payload: form.payload,
      });
    };
    const bad = await upload([
      [a.sku, null, '', 'UN', '1,5'],
      ['NAO-EXISTE', null, '', 'UN', 3],
      [b.sku, null, '', 'UN', 4],
    ]);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().rows.map((r: { line: number }) => r.line)).toEqual([2, 3]);
    expect(bad.json().message).toBe(
      '2 linhas da planilha têm erros: nada foi registrado. Corrija e envie de novo.',
    );
    // a count past a thousand is written as people read it
    const many = await upload(Array.from({ length: 1_200 }, () => ['NAO-EXISTE', null, '', 'UN', 1]));
    expect(many.json().message).toBe(
      '1.200 linhas da planilha têm erros: nada foi registrado. Corrija e envie de novo.',
    );
    expect((await detail(count.id)).totals.counted).toBe(0);

    // beyond what a count takes (the API's own limit), however large: a row error, nothing stored
    const huge = await upload([
      [a.sku, null, '', 'UN', '1.000.001'],
      [b.sku, null, '', 'UN', 1e20],
    ]);
    expect(huge.statusCode, huge.body).toBe(422);
    expect(huge.json().rows).toEqual([
      { line: 2, message: 'A quantidade contada deve ser no máximo 1.000.000.' },
      { line: 3, message: 'A quantidade contada deve ser no máximo 1.000.000.' },
    ]);
    expect((await detail(count.id)).totals.counted).toBe(0);

    const good = await upload([
      [a.sku, null, '', 'UN', 3],
      [b.sku, null, '', 'UN', null],
    ]);
    expect(good.statusCode, good.body).toBe(200);
    expect(itemOf(good.json(), a.id)).toMatchObject({ countedQuantity: '3.000', difference: '1.000' });
    expect(itemOf(good.json(), b.id)?.countedQuantity).toBeNull();

    // A scanner's list: a box's barcode alone counts boxes (2 boxes of 12 = 24 UN); a Código and a barcode of
    // different products, or an unknown Código beside a known barcode, is a row error.
    const boxCode = uniqueGtin();
    const box = await call('POST', `/api/products/v1/${b.id}/unity/v1`, {
      unityId: await unityId(ctx.app, cookie, 'CX'),
      unityBatchId: (
        await ctx.handle.db
          .selectFrom('unity_batches')
          .select('id')
          .where('code', '=', 'CAIXA')
          .executeTakeFirstOrThrow()
      ).id,
      quantity: 12,
      barcode: boxCode,
    });
    expect(box.statusCode, box.body).toBe(201);
    const mixed = await upload([
      [a.sku, boxCode, '', 'UN', 1],
      ['NAO-EXISTE', boxCode, '', 'UN', 1],
      [null, boxCode, '', 'CX', '1,5'],
    ]);
    expect(mixed.statusCode).toBe(422);
    expect(mixed.json().rows).toEqual([
      {
        line: 2,
        message: `O Código ${a.sku} e o Código de barras ${boxCode} não são do mesmo produto deste balanço.`,
      },
      { line: 3, message: 'Produto NAO-EXISTE não encontrado entre os produtos ativos deste balanço.' },
      { line: 4, message: 'A quantidade deve ser inteira em Caixa c/ 12 UN.' },
    ]);
    const boxes = await upload([[null, boxCode, '', 'CX', 2]]);
    expect(boxes.statusCode, boxes.body).toBe(200);
    expect(itemOf(boxes.json(), b.id)).toMatchObject({ countedQuantity: '24.000', difference: '19.000' });
  });
});
