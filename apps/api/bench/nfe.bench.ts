// Preview and import of an NF-e with 990 items, every item already known by the supplier's learned codes:
//   node apps/api/bench/nfe.bench.ts            (SQLite)
//   TEST_DATABASE_URL=postgres://… node apps/api/bench/nfe.bench.ts
// Targets (issue 13): preview ≤ 300 ms, import ≤ 1 s, through the whole HTTP stack (multipart, XML, signature check,
// SQL, pipeline).
// A first note teaches the codes; each figure is the median of 5 runs (5 different notes for the import).
import os from 'node:os';
import { createTestDatabase } from '../test/helper.ts';
import { importNfe, previewNfe } from '../test/nfe-upload.ts';
import { benchApp } from './bench-database.ts';
import { nfeBench } from './nfe-bench-setup.ts';

const ITEMS = 990;
const RUNS = 5;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function main() {
  const { handle, drop } = await createTestDatabase();
  const app = await benchApp(handle);
  const rows: Array<Record<string, unknown>> = [];
  try {
    const { cookie, note, choices } = await nfeBench(handle, app, ITEMS);
    const first = await importNfe(app, cookie, note(1), { items: choices });
    if (first.statusCode !== 201)
      throw new Error(`primeira nota: ${first.statusCode} ${first.body.slice(0, 300)}`);

    const previews: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const xml = note(100 + i);
      const started = performance.now();
      const response = await previewNfe(app, cookie, xml);
      previews.push(performance.now() - started);
      const body = response.json() as { items: Array<{ match: unknown }> };
      if (response.statusCode !== 200 || body.items.some((item) => !item.match))
        throw new Error(`prévia: ${response.statusCode}`);
    }
    const imports: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const xml = note(200 + i);
      const started = performance.now();
      const response = await importNfe(app, cookie, xml, { items: choices });
      imports.push(performance.now() - started);
      if (response.statusCode !== 201)
        throw new Error(`importação: ${response.statusCode} ${response.body.slice(0, 300)}`);
    }
    const db = handle.dialect;
    for (const [figure, values, target] of [
      [`nfe preview ${ITEMS} items`, previews, 300],
      [`nfe import ${ITEMS} items`, imports, 1000],
    ] as const) {
      const value = Math.round(median(values));
      console.log(
        `[${db}] ${figure.padEnd(26)} mediana ${value} ms (execuções: ${values.map(Math.round).join(', ')})`,
      );
      rows.push({ figure, db, value, unit: 'ms', raw: null, target: `≤ ${target} ms`, ok: value <= target });
    }
    console.log(`carga da máquina (loadavg 1 min): ${os.loadavg()[0]?.toFixed(2)}`);
  } finally {
    await app.close();
    await drop();
  }
  console.log(`BENCH_JSON ${JSON.stringify({ rows })}`);
}

await main();
