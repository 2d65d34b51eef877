// Issue 14's figures, through the whole HTTP stack, on the database under test:
//   node apps/api/bench/counts.bench.ts            (SQLite)
//   TEST_DATABASE_URL=postgres://… node apps/api/bench/counts.bench.ts
//  1. the inventory at a date for 10,000 products over 1,000,000 ledger rows: JSON ≤ 1 s, PDF ≤ 3 s, Bloco H ≤ 1 s,
//     and the month's PDF report over that ledger ≤ 2 s (issue 12)
//     (at the end of 2025, after every row; and at mid-year, where every stocked product seeks its row in the ledger);
//  2. a count of every active product (about 20,000), half of them with a difference: the differences view
//     (≤ 500 ms) and posting it (≤ 5 s).
// Each figure is the median of 3 calls (posting: one). Prints a table, then one `BENCH_JSON {"rows":[…]}` line with a
// row per figure (read by run-all.ts), and exits.
import os from 'node:os';
import { sql } from 'kysely';
import { buildTestApp, signUpAndLogin, type TestContext } from '../test/helper.ts';
import { printRows, type BenchRow } from './bench-support.ts';
import { generateCatalog } from './catalog-generator.ts';
import { seedLedger } from './ledger-seed.ts';

const PRODUCTS = Number(process.env.BENCH_COUNT_PRODUCTS ?? 20_000);
const STOCKED = Number(process.env.BENCH_STOCKED_PRODUCTS ?? 10_000);
const LEDGER_ROWS = Number(process.env.BENCH_LEDGER_ROWS ?? 1_000_000);
const rows: BenchRow[] = [];

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

async function run(ctx: TestContext) {
  const dialect = ctx.handle.dialect;
  const record = (figure: string, value: number, target: number) =>
    rows.push({
      figure,
      db: dialect,
      value: Math.round(value),
      unit: 'ms',
      raw: null,
      target: `≤ ${target} ms`,
      ok: value <= target,
    });
  const cookie = await signUpAndLogin(ctx.app, 'bench@armazem.com.br', 'Bench');
  const user = (await ctx.app.inject({ url: '/api/auth/v1/me', headers: { cookie } })).json();
  const call = async (url: string, method: 'GET' | 'POST' | 'PUT' = 'GET', payload?: object) => {
    const response = await ctx.app.inject({
      method,
      url,
      headers: { cookie },
      ...(payload ? { payload } : {}),
    });
    if (response.statusCode >= 400)
      throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
    return response;
  };
  let t = performance.now();
  await generateCatalog(ctx.handle.db, PRODUCTS);
  await seedLedger(ctx.handle.db, dialect, user.id, STOCKED, LEDGER_ROWS);
  if (dialect === 'postgres') await sql`analyze`.execute(ctx.handle.db);
  const seconds = ((performance.now() - t) / 1000).toFixed(1);
  console.error(`[${dialect}] semeadura: ${PRODUCTS} produtos, ${LEDGER_ROWS} linhas em ${seconds} s`);

  // 1. the inventory at the end of 2025, and at mid-year
  const inventory = '/api/stock/inventory/v1';
  const listed = (await call(`${inventory}?date=2025-12-31`)).json().data.length;
  if (listed < STOCKED * 0.9) throw new Error(`inventário com ${listed} produtos`);
  const scale = `${STOCKED.toLocaleString('pt-BR')} produtos, ${LEDGER_ROWS.toLocaleString('pt-BR')} linhas`;
  record(`inventário JSON (${scale})`, await median(3, () => call(`${inventory}?date=2025-12-31`)), 1000);
  record(
    'inventário JSON no meio do ano (busca no razão)',
    await median(3, () => call(`${inventory}?date=2025-06-30`)),
    1000,
  );
  record(
    'Registro de Inventário PDF',
    await median(3, () => call(`${inventory}/book?date=2025-12-31&format=pdf`)),
    3000,
  );
  record('Bloco H', await median(3, () => call(`${inventory}/sped?date=2025-12-31`)), 1000);
  // issue 12: the month's PDF report over the same ledger (every stocked product moves in June 2025)
  const report = '/api/stock/movement/v1/report?year=2025&month=6';
  const pdf = await call(report);
  if (!pdf.headers['content-type']?.includes('pdf'))
    throw new Error(`relatório: ${pdf.headers['content-type']}`);
  record(`relatório PDF do mês (${scale})`, await median(3, () => call(report)), 2000);

  // 2. a count of every active product, half of them with a difference
  const count = (await call('/api/stock/counts/v1', 'POST', {})).json();
  const full = (await call(`/api/stock/counts/v1/${count.id}`)).json();
  const items = full.items.map((item: { product: { id: number }; expectedQuantity: string }, i: number) => {
    const expected = Number.parseInt(item.expectedQuantity, 10);
    const change = i % 4 === 1 ? 1 : i % 4 === 3 && expected > 0 ? -1 : 0;
    return { productId: item.product.id, countedQuantity: String(expected + change) };
  });
  t = performance.now();
  for (let i = 0; i < items.length; i += 5000)
    await call(`/api/stock/counts/v1/${count.id}/items`, 'PUT', { items: items.slice(i, i + 5000) });
  const saved = ((performance.now() - t) / 1000).toFixed(1);
  console.error(`[${dialect}] ${items.length} contagens gravadas em ${saved} s`);
  const differences = `/api/stock/counts/v1/${count.id}?differences=true`;
  record(`visão de diferenças (${items.length} produtos)`, await median(3, () => call(differences)), 500);
  // one scan: a product's count saved, answered with the whole count's totals (the screen's summary)
  const [first] = items;
  record(
    `uma leitura gravada, com os totais do balanço (${items.length} produtos)`,
    await median(3, () => call(`/api/stock/counts/v1/${count.id}/items`, 'PUT', { items: [first] })),
    300,
  );
  const [postMs] = await timed(() => call(`/api/stock/counts/v1/${count.id}/post`, 'POST', {}));
  const adjustments = (await call(differences)).json().totals.withDifference;
  record(`lançamento do balanço (${items.length} produtos, ${adjustments} ajustes)`, postMs, 5000);
}

const ctx = await buildTestApp();
try {
  await run(ctx);
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await ctx.close();
}
console.log(
  `carga da máquina (loadavg 1, 5, 15 min): ${os
    .loadavg()
    .map((v) => v.toFixed(2))
    .join(' ')}`,
);
printRows(rows);
// Nothing should keep the process alive after this; exit anyway, so a forgotten handle cannot hang the runner.
process.exit();
