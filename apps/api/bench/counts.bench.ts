// Issue 14's figures, on the database under test (SQLite, or PostgreSQL with TEST_DATABASE_URL):
//  1. a count of 20,000 products: the differences view (target ≤ 500 ms) and posting it (target ≤ 5 s);
//  2. the inventory at a date for 10,000 products over 1,000,000 ledger rows: JSON ≤ 1 s, PDF ≤ 3 s, Bloco H ≤ 1 s.
// The ledger is seeded directly with exact running figures (a bench fixture, not a write path of the app).
import { buildTestApp, signUpAndLogin } from '../test/helper.ts';
import { generateCatalog } from './catalog-generator.ts';
import { nowIso } from '../src/db/database.ts';

const PRODUCTS = Number(process.env.BENCH_COUNT_PRODUCTS ?? 20_000);
const STOCKED = Number(process.env.BENCH_STOCKED_PRODUCTS ?? 10_000);
const LEDGER_ROWS = Number(process.env.BENCH_LEDGER_ROWS ?? 1_000_000);
const ctx = await buildTestApp();
const dialect = ctx.handle.dialect;
const db = ctx.handle.db;
type Row = {
  figure: string;
  db: string;
  value: number;
  unit: string;
  raw: null;
  target: number;
  ok: boolean;
};
const rows: Row[] = [];
const record = (figure: string, value: number, target: number, unit = 'ms') =>
  rows.push({ figure, db: dialect, value: Math.round(value), unit, raw: null, target, ok: value <= target });

async function seedLedger(userId: number) {
  const products = await db
    .selectFrom('products as p')
    .innerJoin('product_unities as pu', 'pu.product_id', 'p.id')
    .select(['p.id', 'pu.id as unity'])
    .where('pu.is_default', '=', 1)
    .where('p.status', '=', 'active')
    .orderBy('p.id')
    .limit(STOCKED)
    .execute();
  const perProduct = Math.ceil(LEDGER_ROWS / products.length);
  const now = nowIso();
  let batch: Array<Record<string, unknown>> = [];
  const flush = async () => {
    if (batch.length === 0) return;
    await db
      .insertInto('stock_ledger')
      .values(batch as never)
      .execute();
    batch = [];
  };
  let written = 0;
  for (const [index, product] of products.entries()) {
    let quantity = 0n;
    let value = 0n;
    let last = '';
    for (let k = 0; k < perProduct && written < LEDGER_ROWS; k++, written++) {
      const base = BigInt(1 + ((index + k) % 3)) * 1000n;
      const unitCost = 10_000n + BigInt((index * 31 + k * 7) % 90_000);
      const total = (base * unitCost + 500n) / 1000n;
      quantity += base;
      value += total;
      last = `2025-${String(1 + Math.floor((k * 12) / perProduct)).padStart(2, '0')}-${String(1 + (k % 28)).padStart(2, '0')}`;
      batch.push({
        product_id: product.id,
        product_unity_id: product.unity,
        direction: 'in',
        quantity: String(base),
        base_quantity: String(base),
        unit_cost: String(unitCost),
        total_cost: String(total),
        balance_quantity: String(quantity),
        balance_value: String(value),
        occurred_on: last,
        supplier_id: null,
        reason: null,
        document: null,
        notes: null,
        source: 'manual',
        stock_movement_id: null,
        created_by: userId,
        created_at: now,
        cancelled_at: null,
        cancelled_by: null,
        cancel_reason: null,
      });
      if (batch.length >= 1000) await flush();
    }
    await db
      .updateTable('stock_balances')
      .set({
        quantity: String(quantity),
        total_value: String(value),
        average_cost: String((value * 1000n) / quantity),
        last_occurred_on: last,
        last_movement_at: now,
      })
      .where('product_id', '=', product.id)
      .execute();
  }
  await flush();
}

async function timed<T>(work: () => Promise<T>): Promise<[number, T]> {
  const start = performance.now();
  const result = await work();
  return [performance.now() - start, result];
}

async function median(times: number, work: () => Promise<unknown>) {
  const all: number[] = [];
  for (let i = 0; i < times; i++) all.push((await timed(work))[0]);
  return all.sort((a, b) => a - b)[Math.floor(times / 2)] ?? 0;
}

try {
  const cookie = await signUpAndLogin(ctx.app, 'bench@armazem.com.br', 'Bench');
  const user = (await ctx.app.inject({ url: '/api/auth/v1/me', headers: { cookie } })).json();
  const get = (url: string) => ctx.app.inject({ url, headers: { cookie } });
  let t = performance.now();
  await generateCatalog(db, PRODUCTS);
  await seedLedger(user.id);
  if (dialect === 'postgres')
    await ctx.handle.db
      .executeQuery({ sql: 'analyze', parameters: [], query: { kind: 'RawNode' } } as never)
      .catch(() => undefined);
  console.error(
    `[${dialect}] semeadura: ${PRODUCTS} produtos, ${LEDGER_ROWS} linhas em ${((performance.now() - t) / 1000).toFixed(1)} s`,
  );

  // 1. inventory at the end of 2025 (10,000 products with stock over 1,000,000 rows)
  const date = '2025-12-31';
  record(
    'inventário JSON (10.000 produtos, 1.000.000 linhas)',
    await median(3, () => get(`/api/stock/inventory/v1?date=${date}`)),
    1000,
  );
  record(
    'Registro de Inventário PDF',
    await median(3, () => get(`/api/stock/inventory/v1/book?date=${date}&format=pdf`)),
    3000,
  );
  record('Bloco H', await median(3, () => get(`/api/stock/inventory/v1/sped?date=${date}`)), 1000);
  const inventory = (await get(`/api/stock/inventory/v1?date=${date}`)).json();
  if (inventory.data.length < STOCKED * 0.9)
    throw new Error(`inventário com ${inventory.data.length} produtos`);

  // 2. a count of every active product (about 20,000), half of them with a difference
  const count = (
    await ctx.app.inject({ method: 'POST', url: '/api/stock/counts/v1', headers: { cookie }, payload: {} })
  ).json();
  const full = (await get(`/api/stock/counts/v1/${count.id}`)).json();
  const items = full.items.map((item: { product: { id: number }; expectedQuantity: string }, i: number) => ({
    productId: item.product.id,
    countedQuantity:
      i % 2 === 0
        ? item.expectedQuantity
        : String(
            Number.parseInt(item.expectedQuantity, 10) +
              (i % 4 === 1 ? 1 : 0) +
              (i % 4 === 3 && Number.parseInt(item.expectedQuantity, 10) > 0 ? -1 : 0),
          ),
  }));
  t = performance.now();
  for (let i = 0; i < items.length; i += 5000) {
    const put = await ctx.app.inject({
      method: 'PUT',
      url: `/api/stock/counts/v1/${count.id}/items`,
      headers: { cookie },
      payload: { items: items.slice(i, i + 5000) },
    });
    if (put.statusCode !== 200) throw new Error(put.body);
  }
  console.error(
    `[${dialect}] ${items.length} contagens gravadas em ${((performance.now() - t) / 1000).toFixed(1)} s`,
  );
  record(
    `visão de diferenças (${items.length} produtos)`,
    await median(3, () => get(`/api/stock/counts/v1/${count.id}?differences=true`)),
    500,
  );
  const [postMs, posted] = await timed(() =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/stock/counts/v1/${count.id}/post`,
      headers: { cookie },
      payload: {},
    }),
  );
  if (posted.statusCode !== 200) throw new Error(posted.body);
  const adjustments = await db
    .selectFrom('stock_ledger')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('count_id', '=', count.id)
    .executeTakeFirstOrThrow();
  record(`lançamento do balanço (${items.length} produtos, ${adjustments.n} ajustes)`, postMs, 5000);
  console.log(
    rows
      .map(
        (r) => `  ${r.db} · ${r.figure}: ${r.value} ${r.unit} (alvo ≤ ${r.target}) ${r.ok ? 'ok' : 'ACIMA'}`,
      )
      .join('\n'),
  );
} finally {
  await ctx.close();
}
console.log(`BENCH_JSON ${JSON.stringify({ rows })}`);
