// Issue 10's figures, on the database under test (SQLite, or PostgreSQL with TEST_DATABASE_URL):
//  1. a back-dated entry on a product with 100,000 later ledger rows (target < 250 ms), next to its floor: the
//     later rows read and their running figures written back straight on the database;
//  2. 1,000 racing exits of one product at concurrency 32, the client in its own process
//     (targets: >= 1,000 exits/s on SQLite, >= 400 exits/s on PostgreSQL), zero 5xx, exact final balance;
//  3. the posting part of a 50,000-row monthly sheet (10,000 products, 5 rows each) through the pipeline, once in
//     a month with nothing after it and once back-dated before it, counting the statements each sends: ledger
//     inserts, derived-figure updates and balance saves must be set-based (one statement per batch, not per row).
import { buildTestApp, signUpAndLogin } from '../test/helper.ts';
import { createProduct, defaultUnityId, stockIn } from '../test/factories.ts';
import { checkIntegrity } from '../src/domain/stock/integrity.ts';
import type { KyselyPlugin } from 'kysely';
import { post } from '../src/domain/stock/posting-pipeline.ts';
import { generateCatalog } from './catalog-generator.ts';
import { loadClient, printRows, type BenchRow } from './bench-support.ts';
import type { NewLedgerRow } from '../src/domain/stock/posting-pipeline.ts';
import { sql } from 'kysely';
import type { Db } from '../src/db/database.ts';
import type { Dialect } from '../src/db/types.ts';
import { ARRAY_ROWS } from '../src/db/sqlite-driver.ts';
import { plainArray } from '../src/db/pg-arrays.ts';
import { ledgerOrderSql } from '../src/domain/stock/ledger-repository.ts';

const LATER_ROWS = Number(process.env.BENCH_LATER_ROWS ?? 100_000);
const EXITS = 1000;
const CONCURRENCY = 32;
const SHEET_PRODUCTS = Number(process.env.BENCH_SHEET_PRODUCTS ?? 10_000);
const ctx = await buildTestApp();
const dialect = ctx.handle.dialect;
const say = (line: string) => console.log(`[${dialect}] ${line}`);
const figures: BenchRow[] = [];

try {
  const cookie = await signUpAndLogin(ctx.app, 'bench@armazem.com.br', 'Bench');
  const user = (await ctx.app.inject({ url: '/api/auth/v1/me', headers: { cookie } })).json();

  // 1. Back-dated entry under 100,000 later rows.
  const product = await createProduct(ctx.app, cookie, { name: 'Produto com histórico' });
  const unit = await defaultUnityId(ctx.app, cookie, product.id);
  const rows: NewLedgerRow[] = [];
  for (let i = 0; i < LATER_ROWS; i++) {
    const day = 1 + (i % 28);
    const month = 3 + Math.floor(i / (LATER_ROWS / 8));
    const entry = i % 2 === 0;
    rows.push({
      productId: product.id,
      productUnityId: unit,
      direction: entry ? 'in' : 'out',
      quantity: 2000n,
      baseQuantity: 2000n,
      unitCost: entry ? 31_234n + BigInt(i % 97) : null,
      occurredOn: `2026-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
      supplierId: null,
      reason: entry ? null : 'venda',
      document: null,
      notes: null,
      source: 'manual',
      stockMovementId: null,
    });
  }
  rows.sort((a, b) => (a.occurredOn < b.occurredOn ? -1 : a.occurredOn > b.occurredOn ? 1 : 0));
  let t = performance.now();
  await ctx.handle.db.transaction().execute((tx) =>
    post(tx, dialect, {
      userId: user.id,
      today: '2026-11-22',
      add: rows,
      audit: { action: 'seed', entity: 'bench', entityId: null },
    }),
  );
  say(
    `semeadura: ${LATER_ROWS} linhas em um lote pelo pipeline em ${((performance.now() - t) / 1000).toFixed(2)} s`,
  );
  // Interleaved with the floor of the same work done straight on the database (see `rewriteLaterRows`). The first
  // round is not counted: it is a running server's figure, not that of its first call after a 100,000-row seed (the
  // JIT compiling the path, SQLite copying the seed's write-ahead log into the database).
  const timings: number[] = [];
  const floors: number[] = [];
  for (let i = 0; i < 8; i++) {
    t = performance.now();
    await stockIn(ctx.app, cookie, {
      productId: product.id,
      productUnityId: unit,
      quantity: 1,
      unitCost: '3.5',
      occurredOn: `2026-02-${String(10 + i).padStart(2, '0')}`,
    });
    if (i > 0) timings.push(performance.now() - t);
    t = performance.now();
    await rewriteLaterRows(ctx.handle.db, dialect, product.id, '2026-02-10');
    if (i > 0) floors.push(performance.now() - t);
  }
  const median = [...timings].sort((a, b) => a - b)[3] ?? 0;
  const floor = [...floors].sort((a, b) => a - b)[3] ?? 0;
  figures.push({
    figure: `entrada retroativa, ${LATER_ROWS} linhas depois`,
    db: dialect,
    value: median,
    unit: 'ms',
    raw: floor,
    target: '< 250 ms',
    ok: median < 250,
  });
  say(
    `entrada retroativa com ${LATER_ROWS} linhas posteriores: mediana ${median.toFixed(0)} ms (alvo < 250 ms) [${timings.map((x) => x.toFixed(0)).join(', ')}]; ` +
      `direto no banco (ler e regravar os números das linhas posteriores): mediana ${floor.toFixed(0)} ms [${floors.map((x) => x.toFixed(0)).join(', ')}]`,
  );
  const integrity = (await ctx.app.inject({ url: '/api/stock/v1/integrity', headers: { cookie } })).json();
  if (!integrity.ok)
    throw new Error(`integridade falhou: ${JSON.stringify(integrity.mismatches.slice(0, 3))}`);

  // 2. 1,000 racing exits at concurrency 32.
  const raced = await createProduct(ctx.app, cookie, { name: 'Produto disputado' });
  const racedUnit = await defaultUnityId(ctx.app, cookie, raced.id);
  await stockIn(ctx.app, cookie, {
    productId: raced.id,
    productUnityId: racedUnit,
    quantity: EXITS,
    unitCost: '7.7777',
  });
  const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  // Warm-up, not counted: 200 exits of another product, so the figure is a running server's, not its first calls'
  // (the JIT compiling the path, the first connections opening).
  const warm = await createProduct(ctx.app, cookie, { name: 'Produto de aquecimento' });
  const warmUnit = await defaultUnityId(ctx.app, cookie, warm.id);
  await stockIn(ctx.app, cookie, {
    productId: warm.id,
    productUnityId: warmUnit,
    quantity: 200,
    unitCost: '1',
  });
  await loadClient(`${address}/api/stock/out/v1`, 200, CONCURRENCY, {
    headers: { cookie, 'content-type': 'application/json' },
    body: { productId: warm.id, productUnityId: warmUnit, quantity: 1, reason: 'venda' },
  });
  const result = await loadClient(`${address}/api/stock/out/v1`, EXITS, CONCURRENCY, {
    headers: { cookie, 'content-type': 'application/json' },
    body: { productId: raced.id, productUnityId: racedUnit, quantity: 1, reason: 'venda' },
  });
  const stock = (await ctx.app.inject({ url: `/api/products/v1/${raced.id}`, headers: { cookie } })).json()
    .stock;
  const rate = Math.round(EXITS / result.seconds);
  const target = dialect === 'postgres' ? 400 : 1000;
  figures.push({
    figure: `${EXITS} saídas concorrentes (${CONCURRENCY} de cada vez)`,
    db: dialect,
    value: rate,
    unit: '/s',
    raw: null,
    target: `>= ${target}/s`,
    ok: rate >= target,
  });
  const fivexx = Object.entries(result.statuses)
    .filter(([s]) => Number(s) >= 500)
    .reduce((n, [, c]) => n + c, 0);
  say(
    `${EXITS} saídas concorrentes (${CONCURRENCY} simultâneas, cliente em outro processo): ${rate} saídas/s (alvo >= ${target}); ` +
      `p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms; respostas ${JSON.stringify(result.statuses)}; 5xx ${fivexx}; saldo final ${stock.quantity}`,
  );
  if (stock.quantity !== '0.000' || fivexx > 0 || result.statuses['201'] !== EXITS) process.exitCode = 1;

  // 3. The posting part of a 50,000-row monthly sheet, in a month with nothing later, then back-dated before it.
  await generateCatalog(ctx.handle.db, SHEET_PRODUCTS);
  const targets = await ctx.handle.db
    .selectFrom('product_unities as pu')
    .innerJoin('products as p', 'p.id', 'pu.product_id')
    .select(['pu.product_id', 'pu.id'])
    .where('p.sku', 'like', 'GEN-%')
    .where('pu.is_default', '=', 1)
    .execute();
  for (const [label, month] of [
    ['mês sem nada depois', '10'],
    ['retroativa, antes do mês acima', '09'],
  ] as const) {
    const counter = statementCounter();
    const sheet = sheetRows(targets, month);
    t = performance.now();
    await ctx.handle.db
      .withPlugin(counter.plugin)
      .transaction()
      .execute((tx) =>
        post(tx, dialect, {
          userId: user.id,
          today: '2026-11-22',
          add: sheet,
          audit: { action: 'import', entity: 'bench', entityId: null },
        }),
      );
    const seconds = (performance.now() - t) / 1000;
    figures.push({
      figure: `lançar planilha de ${sheet.length} linhas, ${label}`,
      db: dialect,
      value: seconds,
      unit: 's',
      raw: null,
      target: dialect === 'postgres' ? '<= 10 s (import inteiro)' : '<= 6 s (import inteiro)',
      ok: seconds <= (dialect === 'postgres' ? 10 : 6),
    });
    say(
      `planilha de ${sheet.length} linhas (${SHEET_PRODUCTS} produtos), ${label}: ${((performance.now() - t) / 1000).toFixed(2)} s; ` +
        `comandos: ${counter.summary()}`,
    );
  }
  const finalCheck = await checkIntegrity(ctx.handle.db);
  if (!finalCheck.ok)
    throw new Error(`integridade falhou: ${JSON.stringify(finalCheck.mismatches.slice(0, 3))}`);
  say(`verificação de integridade: ok (${finalCheck.products} produtos)`);
  printRows(figures);
} finally {
  // Closing waits for the server's sockets; a keep-alive one left by the load client must not hold the run.
  await Promise.race([ctx.close(), new Promise((resolve) => setTimeout(resolve, 5000).unref())]);
}
process.exit(process.exitCode ?? 0);

/**
 * The floor of a back-dated entry, by hand on the database (no HTTP, no validation, no valuation): in one transaction,
 * read every later live row of the product in ledger order and write its running quantity and value back, one
 * statement, committed. The least a back-dated entry must do under DESIGN §2 (every later row's derived figures
 * rewritten in its transaction); the app also rewrites the exits' costs and writes the new row, balance and audit
 * entry. The values written are those stored, so the ledger stays equal to its replay.
 */
async function rewriteLaterRows(db: Db, dialect: Dialect, productId: number, from: string) {
  const where = sql`where product_id = ${productId} and cancelled_at is null and occurred_on >= ${from}
    order by ${ledgerOrderSql(null)}`;
  await db.transaction().execute(async (tx) => {
    if (dialect === 'sqlite') {
      const { rows } = await sql<[bigint, bigint, bigint]>`${sql.raw(ARRAY_ROWS)}
        select id, balance_quantity, balance_value from stock_ledger ${where}`.execute(tx);
      await sql`update stock_ledger set balance_quantity = v.value ->> 1, balance_value = v.value ->> 2
        from jsonb_each(${`[${rows.map((row) => `[${row.join(',')}]`).join(',')}]`}) as v
        where stock_ledger.id = v.value ->> 0`.execute(tx);
      return;
    }
    const { rows } = await sql<{ id: string; q: string; v: string }>`select id, balance_quantity as q,
      balance_value as v from stock_ledger ${where}`.execute(tx);
    const arrays = (['id', 'q', 'v'] as const).map(
      (k) => sql`${plainArray(rows.map((row) => row[k]))}::bigint[]`,
    );
    await sql`update stock_ledger as l set balance_quantity = v.q, balance_value = v.v
      from unnest(${sql.join(arrays)}) as v(id, q, v) where l.id = v.id`.execute(tx);
  });
}

/** Five rows per product, as a monthly sheet has them: in 10, out 1, out 1, in 2, out 3. */
function sheetRows(
  targets: ReadonlyArray<{ product_id: number; id: number }>,
  month: string,
): NewLedgerRow[] {
  const pattern: Array<['in' | 'out', bigint, bigint | null]> = [
    ['in', 10_000n, 125_000n],
    ['out', 1_000n, null],
    ['out', 1_000n, null],
    ['in', 2_000n, 131_000n],
    ['out', 3_000n, null],
  ];
  return pattern.flatMap(([direction, quantity, unitCost], k) =>
    targets.map((target) => ({
      productId: target.product_id,
      productUnityId: target.id,
      direction,
      quantity,
      baseQuantity: quantity,
      unitCost,
      occurredOn: `2026-${month}-${String(1 + k * 5).padStart(2, '0')}`,
      supplierId: null,
      reason: direction === 'out' ? 'venda' : null,
      document: null,
      notes: null,
      source: 'sheet' as const,
      stockMovementId: null,
    })),
  );
}

/** Counts the statements a batch sends, by what they do, from their compiled SQL. */
function statementCounter() {
  const counts = new Map<string, number>();
  const executor = ctx.handle.db.getExecutor();
  const kinds: Array<[string, RegExp]> = [
    ['insert ledger', /^\s*insert into "?stock_ledger"?/i],
    ['update ledger', /^\s*update "?stock_ledger"?/i],
    ['update balances', /^\s*(with .*\)\s*)?update "?stock_balances"?/is],
    ['read ledger', /^\s*select .* from .*"?stock_ledger"?/is],
    ['lock/read balances', /^\s*select .* from "?stock_balances"?/is],
    ['audit', /^\s*insert into "?audit_log"?/i],
    ['closed month', /^\s*select .* from "?stock_closings"?/is],
  ];
  const plugin: KyselyPlugin = {
    transformQuery(args) {
      const text = executor.compileQuery(args.node, args.queryId).sql;
      const kind = kinds.find(([, pattern]) => pattern.test(text))?.[0] ?? 'outros';
      counts.set(kind, (counts.get(kind) ?? 0) + 1);
      return args.node;
    },
    transformResult: (args) => Promise.resolve(args.result),
  };
  return {
    plugin,
    summary: () => [...counts].map(([kind, n]) => `${kind} ${n}`).join(', '),
  };
}
