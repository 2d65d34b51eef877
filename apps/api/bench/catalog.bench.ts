// The product and stock lists and the dashboard at 1,000 and 100,000 products, each figure next to the same work
// done straight on the database (the raw ratio) and its target (issue 12, docs/performance.md):
//   node apps/api/bench/catalog.bench.ts [products]            (SQLite)
//   TEST_DATABASE_URL=postgres://… node apps/api/bench/catalog.bench.ts
// One connection: app.inject through the whole HTTP stack. 32 connections: the server listens and the load client
// runs in its own process (load-client.ts).
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../src/db/database.ts';
import { buildTestApp, login, signUpAndLogin } from '../test/helper.ts';
import { loadClient, printRows, rawLoad, timeIt, timePair, type BenchRow } from './bench-support.ts';
import { generateCatalog } from './catalog-generator.ts';

const count = Number(process.argv[2] ?? 100_000);
const SMALL = 1_000;
const LOAD = { requests: 1_500, warm: 300, connections: 32 };

const PRODUCT = `p.id, p.sku, p.name, p.description, p.status, p.min_stock, p.barcode, p.ncm, p.cest, p.item_type,
  p.created_at, p.updated_at, c.id as category_id, c.name as category_name, u.id as unity_id, u.code as unity_code,
  u.name as unity_name, u.fractional, b.quantity`;
const JOINS = 'join categories c on c.id = p.category_id join unities u on u.id = p.base_unity_id';
const STOCK = `p.id, p.sku, p.name, p.status, p.min_stock, c.id as category_id, c.name as category_name,
  u.id as unity_id, u.code as unity_code, u.name as unity_name, b.quantity, b.total_value, b.last_movement_at`;
/** The page each list call returns, written by hand and run directly (no HTTP, no validation, no JSON). */
const RAW = {
  products: `select ${PRODUCT} from products p ${JOINS} left join stock_balances b on b.product_id = p.id
    order by p.name_sort, p.id limit 20`,
  productsByStock: `select ${PRODUCT} from stock_balances b join products p on p.id = b.product_id ${JOINS}
    order by b.quantity desc, b.product_id desc limit 20`,
  stock: `select ${STOCK} from stock_balances b join products p on p.id = b.product_id ${JOINS}
    order by p.name_sort, p.id limit 20`,
  dashboard: [
    'select status, below, sum(products), sum(balances), sum(total_value) from stock_figures group by status, below',
    `select ${STOCK} from stock_balances b join products p on p.id = b.product_id ${JOINS}
      where p.status = 'active' and b.quantity < p.min_stock order by p.name limit 100`,
    'select * from stock_ledger order by created_at desc, id desc limit 10',
  ],
};
const URL = {
  products: '/api/products/v1?page=1&pageSize=20',
  productsByStock: '/api/products/v1?page=1&pageSize=20&sort=stockQuantity&order=desc',
  stock: '/api/stock/v1?page=1&pageSize=20',
  floor: '/api/health',
};
const SEARCHES: Array<[string, string]> = [
  ['produtos: página 2.500', '/api/products/v1?page=2500&pageSize=20'],
  ['produtos: busca "cafe"', '/api/products/v1?page=1&pageSize=20&q=cafe'],
  [
    'produtos: busca "arroz integral 5 kg"',
    '/api/products/v1?page=1&pageSize=20&q=arroz%20integral%205%20kg',
  ],
  ['produtos: busca rara "GEN-0099999"', '/api/products/v1?page=1&pageSize=20&q=GEN-0099999'],
  [
    'produtos: busca + categoria + situação',
    '/api/products/v1?page=1&pageSize=20&q=oleo&categoryId=2&status=active',
  ],
  [
    'saldos: abaixo do mínimo, por valor',
    '/api/stock/v1?page=1&pageSize=20&belowMinimum=true&sort=totalValue',
  ],
];

const raw = (db: Db, text: string) => () => sql.raw(text).execute(db) as Promise<unknown>;

/** Gives every balance a quantity and value, as movements would (the triggers keep the figures). */
async function spreadBalances(db: Db) {
  const quantity: RawBuilder<number> = sql`((product_id * 7919) % 200) * 1000`;
  await db
    .updateTable('stock_balances')
    .set({
      quantity,
      total_value: sql`((product_id * 7919) % 200) * 25000`,
      last_movement_at: '2026-10-01T12:00:00.000Z',
    })
    .execute();
}

const ctx = await buildTestApp();
const rows: BenchRow[] = [];
try {
  const dialect = ctx.handle.dialect;
  const db = ctx.handle.db;
  const cookie = await signUpAndLogin(ctx.app, 'bench@armazem.com.br');
  const get = (url: string) => async () => {
    const response = await ctx.app.inject({ url, headers: { cookie } });
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  };
  const row = (
    figure: string,
    value: number,
    unit: string,
    rawValue: number | null,
    target: string,
    ok: boolean,
  ) => rows.push({ figure, db: dialect, value, unit, raw: rawValue, target, ok });

  await generateCatalog(db, SMALL);
  await spreadBalances(db);
  const small = await timePair(get(URL.stock), raw(db, RAW.stock));

  const started = performance.now();
  await generateCatalog(db, count - SMALL);
  await spreadBalances(db);
  if (dialect === 'postgres') await sql`analyze`.execute(db);
  console.log(
    `[${dialect}] ${count.toLocaleString('pt-BR')} produtos em ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const label = `${Math.round(count / 1000)}k`;

  const products = await timePair(get(URL.products), raw(db, RAW.products));
  row(
    `lista de produtos, 1ª página (${label})`,
    products.app,
    'ms',
    products.raw,
    '— (o bruto é o piso)',
    true,
  );
  // The stack's floor: a call that reads no database and needs no session, through the same HTTP handling. It alone
  // costs more than twice the raw query: a list's target is its server CPU per call (issue 36), not a ratio to raw.
  const floor = await timePair(get(URL.floor), raw(db, RAW.products));
  row('piso HTTP: GET /api/health (sem banco, sem sessão)', floor.app, 'ms', floor.raw, '—', true);
  const byStock = await timePair(get(URL.productsByStock), raw(db, RAW.productsByStock));
  row(
    `lista de produtos por estoque (${label})`,
    byStock.app,
    'ms',
    byStock.raw,
    '≤ 10 ms',
    byStock.app <= 10,
  );
  const large = await timePair(get(URL.stock), raw(db, RAW.stock));
  row('lista de saldos, 1ª página (1k)', small.app, 'ms', small.raw, '—', true);
  row(`lista de saldos, 1ª página (${label})`, large.app, 'ms', large.raw, '—', true);
  const growth = large.app / small.app;
  row(`lista de saldos: crescimento 1k → ${label}`, growth, '×', large.raw / small.raw, '≤ 3×', growth <= 3);

  const dashboard = await timePair(
    async () => {
      const session = await login(ctx.app, 'bench@armazem.com.br');
      const headers = {
        cookie: `armazem_session=${session.cookies.find((c) => c.name === 'armazem_session')?.value}`,
      };
      await Promise.all(
        ['/api/stock/v1/summary', '/api/stock/v1/below-minimum'].map((url) =>
          ctx.app.inject({ url, headers }),
        ),
      );
    },
    () => Promise.all(RAW.dashboard.map((text) => sql.raw(text).execute(db))),
    7,
  );
  row(
    `painel: números após entrar (${label})`,
    dashboard.app,
    'ms',
    dashboard.raw,
    '≤ 300 ms',
    dashboard.app <= 300,
  );

  for (const [name, url] of SEARCHES) {
    const { median } = await timeIt(get(url));
    row(`${name} (${label})`, median, 'ms', null, '≤ 50 ms (decisão 0006)', median <= 50);
  }

  const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  for (const [name, key] of [
    ['produtos', 'products'],
    ['saldos', 'stock'],
    ['piso HTTP (/api/health)', 'floor'],
  ] as const) {
    // A warm-up round first, not counted, on both sides: the figure is a running server's, not that of the pool
    // opening its connections and each connection preparing its statements (as the racing exits of bench:stock).
    const request = { method: 'GET', headers: { cookie } };
    await loadClient(`${address}${URL[key]}`, LOAD.warm, LOAD.connections, request);
    const cpuBefore = process.cpuUsage();
    const app = await loadClient(`${address}${URL[key]}`, LOAD.requests, LOAD.connections, request);
    // the load client is a process of its own: what this process spent is the server's (and SQLite's) work
    const cpu = process.cpuUsage(cpuBefore);
    const cpuPerCall = (cpu.user + cpu.system) / 1000 / LOAD.requests;
    // the floor is compared with the raw product page: what the fastest list call would have to reach
    const rawCall = raw(db, RAW[key === 'floor' ? 'products' : key]);
    await rawLoad(rawCall, LOAD.warm, LOAD.connections);
    const direct = await rawLoad(rawCall, LOAD.requests, LOAD.connections);
    if (Object.keys(app.statuses).some((status) => status !== '200'))
      throw new Error(`${name}: ${JSON.stringify(app.statuses)}`);
    const rate = LOAD.requests / app.seconds;
    const rawRate = LOAD.requests / direct.seconds;
    const tail = app.p99 / app.p50;
    if (key === 'floor') {
      row(`${name}, 32 conexões: vazão`, rate, 'req/s', rawRate, '—', true);
      row(`${name}, 32 conexões: CPU do servidor por chamada`, cpuPerCall, 'ms', null, '—', true);
      continue;
    }
    row(`${name}, 32 conexões: vazão (${label})`, rate, 'req/s', rawRate, '—', true);
    row(
      `${name}, 32 conexões: CPU do servidor por chamada (${label})`,
      cpuPerCall,
      'ms',
      null,
      '≤ 0,45 ms',
      cpuPerCall <= 0.45,
    );
    row(
      `${name}, 32 conexões: p99 ÷ p50 (${label})`,
      tail,
      '×',
      direct.p99 / direct.p50,
      '≤ 10×',
      tail <= 10,
    );
  }
} finally {
  await ctx.close();
}
printRows(rows);
