// Preview and import of a 50,000-row .xlsx, and the PDF report of a month with 10,000 products:
//   node apps/api/bench/movements.bench.ts            (SQLite)
//   TEST_DATABASE_URL=postgres://… node apps/api/bench/movements.bench.ts
// This process prepares the database and the file, then starts the real server (src/server.ts) in its own process
// and is only its client: the calls go through the whole HTTP stack (multipart, parsing, checks, SQL, PDF), and the
// server's peak RSS (worker threads included) and CPU are read from /proc, so the figures are the server's alone.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase } from '../test/helper.ts';
import { HEADER, makeXlsx, multipart, type Cell } from '../test/sheets.ts';
import { printRows, type BenchRow } from './bench-support.ts';
import { benchApp, BENCH_USER, databaseLocation } from './bench-database.ts';
import { startServer, type Measured } from './bench-server.ts';
import { generateCatalog } from './catalog-generator.ts';
import { monthReport } from '../src/domain/movements/report-data.ts';

const PRODUCTS = 10_000;
const ROWS = 50_000;

function benchRows(
  db: string,
  preview: Measured,
  imported: Measured,
  report: Measured,
  rawReport: number,
): BenchRow[] {
  const importTarget = db === 'sqlite' ? 6 : 10;
  return [
    {
      figure: `prévia de ${ROWS} linhas (.xlsx)`,
      db,
      value: preview.seconds,
      unit: 's',
      raw: null,
      target: '—',
      ok: true,
    },
    {
      figure: `importação de ${ROWS} linhas (.xlsx)`,
      db,
      value: imported.seconds,
      unit: 's',
      raw: null,
      target: `≤ ${importTarget} s`,
      ok: imported.seconds <= importTarget,
    },
    {
      figure: 'pico de memória do servidor na importação',
      db,
      value: Math.max(preview.peakMb, imported.peakMb),
      unit: 'MB',
      raw: null,
      target: '≤ 250 MB',
      ok: Math.max(preview.peakMb, imported.peakMb) <= 250,
    },
    {
      figure: `relatório PDF do mês (${PRODUCTS} produtos)`,
      db,
      value: report.seconds,
      unit: 's',
      raw: rawReport,
      target: '≤ 2 s',
      ok: report.seconds <= 2,
    },
  ];
}

const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');

/** The server in its own process, this process its client: preview, import and report, one call each. */
async function measureServer(
  dialect: string,
  database: { databaseUrl?: string; dataDir: string },
  file: string,
) {
  const server = await startServer(database);
  try {
    const cookie = await server.login(BENCH_USER.email, BENCH_USER.password);
    const bytes = fs.readFileSync(file);
    const measure = async (label: string, url: string, init: RequestInit, expected: number) => {
      const result = await server.measure(url, { ...init, headers: { cookie, ...init.headers } });
      if (result.status !== expected)
        throw new Error(`${label}: ${result.status} ${result.body.slice(0, 300)}`);
      console.log(
        `[${dialect}] ${label.padEnd(34)} ${result.seconds.toFixed(2).padStart(6)} s (CPU do servidor ${result.cpuSeconds.toFixed(2)} s)   pico RSS ${Math.round(result.peakMb)} MB (antes ${Math.round(result.beforeMb)} MB)   carga ${load()}`,
      );
      return result;
    };
    const previewBody = await multipart({ year: '2026', month: '10' }, { name: 'outubro.xlsx', bytes });
    const preview = await measure(
      `prévia (${ROWS} linhas)`,
      '/api/stock/movement/v1/sheet',
      { method: 'POST', headers: previewBody.headers, body: previewBody.payload },
      200,
    );
    const importBody = await multipart(
      { year: '2026', month: '10', data: '{"description":"bench"}' },
      { name: 'outubro.xlsx', bytes },
    );
    const imported = await measure(
      `importação (${ROWS} linhas)`,
      '/api/stock/movement/v1',
      { method: 'POST', headers: importBody.headers, body: importBody.payload },
      201,
    );
    const report = await measure(
      `relatório PDF (${PRODUCTS} produtos)`,
      '/api/stock/movement/v1/report?year=2026&month=10',
      {},
      200,
    );
    return { preview, imported, report };
  } finally {
    await server.stop();
  }
}

async function prepareAndRun() {
  const { handle, drop } = await createTestDatabase();
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'armazem-bench-')), 'outubro.xlsx');
  try {
    await (await benchApp(handle)).close();
    await generateCatalog(handle.db, PRODUCTS);
    await handle.db.updateTable('products').set({ status: 'active' }).execute(); // the generator deactivates every 17th
    // five rows per product: in 10, out 1, out 1, in 2, out 3 — every exit is covered by the rows before it, each
    // step dated in its own five days of the month (1–5, 6–10, …), so the dates keep that order
    const pattern: Array<[string, number, number | null]> = [
      ['Entrada', 10, 12.5],
      ['Saída', 1, null],
      ['Saída', 1, null],
      ['Entrada', 2, 13.1],
      ['Saída', 3, null],
    ];
    const rows: Cell[][] = [HEADER];
    for (let i = 0; i < ROWS; i += 1) {
      const [type, quantity, cost] = pattern[Math.floor(i / PRODUCTS)] ?? ['Entrada', 1, 1];
      rows.push([
        new Date(Date.UTC(2026, 9, 1 + 5 * Math.floor(i / PRODUCTS) + (i % 5))),
        `GEN-${String((i % PRODUCTS) + 1).padStart(7, '0')}`,
        type,
        quantity,
        null,
        cost,
        null,
        `NF ${i}`,
        null,
      ]);
    }
    fs.writeFileSync(file, await makeXlsx(rows));
    console.log(
      `[${handle.dialect}] ${PRODUCTS.toLocaleString('pt-BR')} produtos; planilha de ${ROWS.toLocaleString('pt-BR')} linhas: ${(fs.statSync(file).size / 2 ** 20).toFixed(1)} MB`,
    );
    const measured = await measureServer(handle.dialect, await databaseLocation(handle), file);
    // the report's figures read straight from the database, without drawing: what the PDF costs over its data
    const started = performance.now();
    await monthReport(handle.db, 2026, 10);
    const rawReport = (performance.now() - started) / 1000;
    printRows(benchRows(handle.dialect, measured.preview, measured.imported, measured.report, rawReport));
  } finally {
    await drop();
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}

await prepareAndRun();
