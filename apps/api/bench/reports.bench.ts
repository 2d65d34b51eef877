// Issue 34's figures, through the whole HTTP stack, on the database under test:
//   node apps/api/bench/reports.bench.ts            (SQLite)
//   TEST_DATABASE_URL=postgres://… node apps/api/bench/reports.bench.ts
// 100,000 products (every one linked to a supplier with a lead time), 1,000,000 ledger rows over the last 700 days
// (every second row of a product a sale; a tenth of the products never sell). Each report call as the screens make
// it (one page of 20; stock value over the last 12 month ends) ≤ 500 ms, beside its floor: the least work the
// figure needs, measured on the same database (one set-based read of the ledger's figures the call sums).
// Beside them, the stock list at a past date (one page of 20 by name, its totals kept per date: decision 0093)
// ≤ 50 ms, beside its floor (the page's 20 products by name, each one's last row at the date, and the kept totals);
// its first call (the date's totals read over every product) and a sort on the figures (the full computation) are
// shown without a target. Each figure is the median of 3 calls. Prints a table, then one `BENCH_JSON {"rows":[…]}` line, and exits.
import os from 'node:os';
import { sql } from 'kysely';
import { buildTestApp, signUpAndLogin, type TestContext } from '../test/helper.ts';
import { printRows, type BenchRow } from './bench-support.ts';
import { generateCatalog } from './catalog-generator.ts';
import { seedLedger } from './ledger-seed.ts';
import { seedSuppliers, reportFloors, stockAtDateFloor } from './reports-setup.ts';

const PRODUCTS = Number(process.env.BENCH_REPORT_PRODUCTS ?? 100_000);
const STOCKED = Number(process.env.BENCH_STOCKED_PRODUCTS ?? 50_000);
const LEDGER_ROWS = Number(process.env.BENCH_LEDGER_ROWS ?? 1_000_000);
const TARGET_MS = 500;
const AT_DATE_TARGET_MS = 50;
const rows: BenchRow[] = [];

async function median(times: number, work: () => Promise<unknown>) {
  const all: number[] = [];
  for (let i = 0; i < times; i++) {
    const start = performance.now();
    await work();
    all.push(performance.now() - start);
  }
  return all.sort((a, b) => a - b)[Math.floor(times / 2)] ?? 0;
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function run(ctx: TestContext) {
  const dialect = ctx.handle.dialect;
  const cookie = await signUpAndLogin(ctx.app, 'bench@armazem.com.br', 'Bench');
  const user = (await ctx.app.inject({ url: '/api/auth/v1/me', headers: { cookie } })).json();
  const call = async (url: string) => {
    const response = await ctx.app.inject({ url, headers: { cookie } });
    if (response.statusCode >= 400) throw new Error(`GET ${url}: ${response.statusCode} ${response.body}`);
    return response;
  };
  const started = performance.now();
  await generateCatalog(ctx.handle.db, PRODUCTS);
  await seedSuppliers(ctx.handle.db, dialect);
  const shape = { firstDay: day(-699), days: 700, exitEvery: 2 };
  await seedLedger(ctx.handle.db, dialect, user.id, STOCKED, LEDGER_ROWS, shape);
  if (dialect === 'postgres') await sql`analyze`.execute(ctx.handle.db);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.error(`[${dialect}] semeadura: ${PRODUCTS} produtos, ${LEDGER_ROWS} linhas em ${seconds} s`);

  const today = day(0);
  const month = (offset: number) => {
    const d = new Date(`${today.slice(0, 7)}-01T00:00:00Z`);
    d.setUTCMonth(d.getUTCMonth() + offset);
    return d.toISOString().slice(0, 7);
  };
  const base = '/api/reports/v1';
  const calls: Array<[string, string]> = [
    ['valor do estoque, 12 fins de mês', `${base}/stock-value?from=${month(-11)}&to=${month(0)}`],
    ['curva ABC, 90 dias (página de 20)', `${base}/abc?from=${day(-89)}&to=${today}&page=1&pageSize=20`],
    ['cobertura e giro, 30 dias (página de 20)', `${base}/coverage?days=30&page=1&pageSize=20`],
    ['estoque parado, 90 dias (página de 20)', `${base}/dead-stock?days=90&page=1&pageSize=20`],
    ['sugestão de compra, 30 dias (página de 20)', `${base}/reorder?days=30&page=1&pageSize=20`],
  ];
  const floors = await reportFloors(ctx.handle.db, { today, from90: day(-89), from30: day(-29) });
  for (const [figure, url] of calls) {
    const first = performance.now();
    const sample = (await call(url)).json();
    const cold = performance.now() - first;
    if (!(sample.total > 0 || sample.totals?.length > 0)) throw new Error(`${figure}: vazio`);
    // the month ends before the current one are read once and kept (decision 0079): the first call reads them all
    if (figure.startsWith('valor do estoque'))
      rows.push({
        figure: `${figure}, primeira leitura (11 meses guardados)`,
        db: dialect,
        value: Math.round(cold),
        unit: 'ms',
        raw: null,
        target: '—',
        ok: true,
      });
    const value = await median(3, () => call(url));
    const floor = floors[figure as keyof typeof floors];
    rows.push({
      figure,
      db: dialect,
      value: Math.round(value),
      unit: 'ms',
      raw: floor === undefined ? null : Math.round(await median(3, floor)),
      target: `≤ ${TARGET_MS} ms`,
      ok: value <= TARGET_MS,
    });
  }
  await stockAtDate(ctx, call, day(-30));
}

/** The stock list at a past date: its first call, a page of 20 by name against its floor, and a sort on the figures. */
async function stockAtDate(ctx: TestContext, call: (url: string) => Promise<unknown>, date: string) {
  const dialect = ctx.handle.dialect;
  const url = `/api/stock/v1?date=${date}&page=1&pageSize=20`;
  const figure = 'estoque numa data (página de 20)';
  const first = performance.now();
  await call(url);
  const cold = performance.now() - first;
  const quantity = await median(3, () => call(`${url}&sort=quantity&order=desc`));
  const value = await median(3, () => call(url));
  const floor = await median(3, stockAtDateFloor(ctx.handle.db, date));
  const row = (name: string, ms: number, raw: number | null, target: number | null): BenchRow => ({
    figure: name,
    db: dialect,
    value: Math.round(ms * 10) / 10,
    unit: 'ms',
    raw: raw === null ? null : Math.round(raw * 10) / 10,
    target: target === null ? '—' : `≤ ${target} ms`,
    ok: target === null || ms <= target,
  });
  rows.push(
    row(`${figure}, primeira leitura (totais da data)`, cold, null, null),
    row(figure, value, floor, AT_DATE_TARGET_MS),
    row(`${figure}, por quantidade (cálculo completo)`, quantity, null, null),
  );
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
process.exit();
