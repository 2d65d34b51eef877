// One-row writes and a 16-item NF-e import before and after a 5,000-row batch on the same connection (issue 36):
//   node apps/api/bench/after-batch.bench.ts            (SQLite)
//   TEST_DATABASE_URL=postgres://… node apps/api/bench/after-batch.bench.ts
// Target: after the batch, within 1.5× of the same work before it. On PostgreSQL the triggers that keep stock_figures
// read transition tables; a plan kept for the connection from the batch's size used to make every later write scan
// all of stock_balances (decision 0092). The pool hands back its most recent idle connection, so the writes after the
// batch run where the batch ran.
import os from 'node:os';
import { sql } from 'kysely';
import type { Db } from '../src/db/database.ts';
import { createTestDatabase } from '../test/helper.ts';
import { importNfe } from '../test/nfe-upload.ts';
import { benchApp } from './bench-database.ts';
import { generateCatalog } from './catalog-generator.ts';
import { nfeBench } from './nfe-bench-setup.ts';

const ITEMS = 16;
const RUNS = 7;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** The batch: 5,000 products, then their balances written and rewritten, each in one statement. */
async function largeBatch(db: Db) {
  await generateCatalog(db, 5000);
  await sql`insert into stock_balances (product_id, quantity, total_value, average_cost, updated_at)
    select p.id, 0, 0, 0, ${new Date().toISOString()} from products p
    where not exists (select 1 from stock_balances b where b.product_id = p.id)`.execute(db);
  await sql`update stock_balances set updated_at = updated_at`.execute(db);
}

async function main() {
  const { handle, drop } = await createTestDatabase();
  const app = await benchApp(handle);
  const rows: Array<Record<string, unknown>> = [];
  const db = handle.dialect;
  try {
    const { cookie, note, choices, firstProductId } = await nfeBench(handle, app, ITEMS);
    let number = 1;
    const nfeImport = async () => {
      const xml = note(number++);
      const started = performance.now();
      const response = await importNfe(app, cookie, xml, { items: choices });
      if (response.statusCode !== 201) throw new Error(`importação: ${response.statusCode} ${response.body}`);
      return performance.now() - started;
    };
    let sku = 0;
    const oneRow = async () => {
      const product = await handle.db
        .selectFrom('products')
        .selectAll()
        .where('id', '=', firstProductId)
        .executeTakeFirstOrThrow();
      const { id: _id, ...rest } = product;
      const started = performance.now();
      await handle.db
        .insertInto('products')
        .values({ ...rest, sku: `UMA-${++sku}`, name: `Uma linha ${sku}` })
        .execute();
      return performance.now() - started;
    };
    const measure = async () => {
      const inserts: number[] = [];
      const imports: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        inserts.push(await oneRow());
        imports.push(await nfeImport());
      }
      return { insert: median(inserts), nfe: median(imports) };
    };
    await nfeImport(); // teaches the supplier's codes
    const before = await measure();
    await largeBatch(handle.db);
    const after = await measure();
    for (const [figure, was, now] of [
      ['one-row product insert after a 5,000-row batch', before.insert, after.insert],
      [`nfe import ${ITEMS} items after a 5,000-row batch`, before.nfe, after.nfe],
    ] as const) {
      const ratio = now / was;
      console.log(
        `[${db}] ${figure}: ${now.toFixed(1)} ms, antes do lote ${was.toFixed(1)} ms (${ratio.toFixed(2)}×)`,
      );
      rows.push({
        figure,
        db,
        value: Number(now.toFixed(1)),
        unit: 'ms',
        raw: Number(was.toFixed(1)),
        target: '≤ 1.5× before the batch',
        ok: ratio <= 1.5,
      });
    }
    console.log(`carga da máquina (loadavg 1 min): ${os.loadavg()[0]?.toFixed(2)}`);
  } finally {
    await app.close();
    await drop();
  }
  console.log(`BENCH_JSON ${JSON.stringify({ rows })}`);
}

await main();
