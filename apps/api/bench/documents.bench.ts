// A month of documents in one go (DESIGN.md §6.4, issue 31): 1,000 products, a month of 5,000 NFC-e (15,000 items)
// plus 200 received NF-e (2,000 items, a few codes without GTIN that the import maps), in one .zip:
//   node apps/api/bench/documents.bench.ts            (SQLite)
//   TEST_DATABASE_URL=postgres://… node apps/api/bench/documents.bench.ts
// Targets: preview ≤ 10 s, import ≤ 20 s, undo ≤ 10 s, server memory ≤ 300 MB, /api/health ≤ 200 ms throughout.
// As in catalog-import.bench.ts, this process prepares the database (catalog, opening stock bought before the month)
// and the zip, starts the real server in its own process and is only its client: each call is timed with the
// server's peak RSS (from /proc) while /api/health is asked every 100 ms. The floors (documents-setup.ts), measured
// here on the same zip before the server starts, are the least work each call needs: the "bruto" column.
import os from 'node:os';
import type { TBatchImportData } from '@armazem/contracts/document-batches';
import { createTestDatabase } from '../test/helper.ts';
import { setBusiness, TEST_BUSINESS_DOCUMENT } from '../test/nfe-upload.ts';
import { fiscalMonth, zipDocuments, type FiscalMonth } from '../../../test-support/fiscal-month.ts';
import { printRows, quantile, type BenchRow } from './bench-support.ts';
import { benchApp, benchCookie, BENCH_USER, databaseLocation } from './bench-database.ts';
import { startServer, type BenchServer, type Measured } from './bench-server.ts';
import {
  catalogWithGtins,
  measureFloors,
  openingStock,
  stockTotal,
  type BenchProduct,
  type Floors,
} from './documents-setup.ts';

const PRODUCTS = 1_000;
const SALES = 5_000;
const PURCHASES = 200;
const MONTH = '2026-10';
const OPENING_ON = '2026-09-28';
const TARGET = { preview: 10, import: 20, undo: 10, rssMb: 300, healthMs: 200 };
const URL_BATCHES = '/api/stock/documents/v1';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Asks /api/health every 100 ms until stopped: the slowest answer, the median, how many, how many slow or not 200. */
function probeHealth(base: string) {
  let running = true;
  const times: number[] = [];
  let failures = 0;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      const ok = await fetch(`${base}/api/health`).then(
        async (response) => (await response.arrayBuffer(), response.ok),
        () => false,
      );
      times.push(performance.now() - started);
      if (!ok) failures += 1;
      await sleep(100);
    }
  })();
  return async () => {
    running = false;
    await loop;
    times.sort((a, b) => a - b);
    const over = times.filter((ms) => ms > TARGET.healthMs).length;
    return { max: times.at(-1) ?? 0, p50: quantile(times, 0.5), count: times.length, over, failures };
  };
}

/** multipart/form-data: `data` (the import's choices) first, then the zip in `files`. */
async function batchForm(zip: Uint8Array, cookie: string, data?: TBatchImportData): Promise<RequestInit> {
  const form = new FormData();
  if (data) form.append('data', JSON.stringify(data));
  form.append(
    'files',
    new Blob([new Uint8Array(zip)], { type: 'application/zip' }),
    `documentos-${MONTH}.zip`,
  );
  const response = new Response(form);
  const body = new Uint8Array(await response.arrayBuffer());
  return {
    method: 'POST',
    headers: { cookie, 'content-type': response.headers.get('content-type') ?? '' },
    body,
  };
}

interface Phase {
  label: string;
  result: Measured;
  health: Awaited<ReturnType<ReturnType<typeof probeHealth>>>;
}

async function phase(
  server: BenchServer,
  label: string,
  url: string,
  init: RequestInit,
  expected: number,
): Promise<Phase> {
  const stop = probeHealth(server.base);
  const result = await server.measure(url, init);
  const health = await stop();
  if (result.status !== expected) throw new Error(`${label}: ${result.status} ${result.body.slice(0, 500)}`);
  console.log(
    `${label.padEnd(34)} ${result.seconds.toFixed(2).padStart(6)} s (CPU do servidor ${result.cpuSeconds.toFixed(2)} s)   pico RSS ${Math.round(result.peakMb)} MB (antes ${Math.round(result.beforeMb)} MB)   resposta ${(Buffer.byteLength(result.body) / 2 ** 20).toFixed(1)} MB   /api/health máx ${Math.round(health.max)} ms, mediana ${Math.round(health.p50)} ms (${health.count} pedidos, ${health.over} acima de ${TARGET.healthMs} ms${health.failures ? `, ${health.failures} sem 200` : ''})   carga ${os.loadavg()[0]?.toFixed(1)}`,
  );
  return { label, result, health };
}

function rowsOf(db: string, phases: Phase[], targets: number[], floors: Floors): BenchRow[] {
  const wall = [floors.parse, floors.import];
  const cpu = [floors.parseCpu, floors.importCpu];
  return phases.flatMap(({ label, result, health }, i) => {
    const target = targets[i] ?? 0;
    const rows: BenchRow[] = [
      {
        figure: label,
        db,
        value: result.seconds,
        unit: 's',
        raw: wall[i] ?? null,
        target: `≤ ${target} s`,
        ok: result.seconds <= target,
      },
    ];
    // CPU against CPU: what the server spent next to the floor's own, comparable on a loaded machine
    if (cpu[i] !== undefined)
      rows.push({
        figure: `${label}: CPU do servidor`,
        db,
        value: result.cpuSeconds,
        unit: 's',
        raw: cpu[i] ?? null,
        target: '—',
        ok: true,
      });
    rows.push(
      {
        figure: `${label}: pico RSS do servidor`,
        db,
        value: result.peakMb,
        unit: 'MB',
        raw: null,
        target: `≤ ${TARGET.rssMb} MB`,
        ok: result.peakMb <= TARGET.rssMb,
      },
      {
        figure: `${label}: /api/health mais lento`,
        db,
        value: health.max,
        unit: 'ms',
        raw: null,
        target: `≤ ${TARGET.healthMs} ms`,
        ok: health.max <= TARGET.healthMs && health.failures === 0,
      },
    );
    return rows;
  });
}

/** The choices of the import: each supplier code without a GTIN mapped to the product it stands for. */
function choices(month: FiscalMonth, products: BenchProduct[]): TBatchImportData {
  const bySku = new Map(products.map((p) => [p.sku, p]));
  return {
    occurredOn: 'issue',
    decisions: [],
    mappings: month.unmatched.map(({ issuer, code, unit, sku }) => {
      const product = bySku.get(sku);
      if (!product) throw new Error(`sem produto para ${sku}`);
      return { issuer, code, unit, productId: product.productId, productUnityId: product.productUnityId };
    }),
  };
}

const sum = (map: Map<string, number>) => [...map.values()].reduce((a, b) => a + b, 0);

async function expectStock(handle: Parameters<typeof stockTotal>[0], expected: bigint, when: string) {
  const actual = await stockTotal(handle);
  if (actual !== expected) throw new Error(`${when}: estoque total ${actual}, esperado ${expected}`);
}

async function measureServer(
  handle: Parameters<typeof stockTotal>[0],
  prepared: { zip: Uint8Array; month: FiscalMonth; products: BenchProduct[]; floors: Floors },
) {
  const { zip, month, products, floors } = prepared;
  const server = await startServer(await databaseLocation(handle));
  try {
    const cookie = await server.login(BENCH_USER.email, BENCH_USER.password);
    const what = `${SALES} NFC-e + ${PURCHASES} NF-e`;
    const before = await stockTotal(handle);
    const preview = await phase(
      server,
      `lote: prévia (${what})`,
      `${URL_BATCHES}/preview`,
      await batchForm(zip, cookie),
      200,
    );
    const counts = (JSON.parse(preview.result.body) as { counts: Record<string, number> }).counts;
    if (counts.new !== SALES + PURCHASES) throw new Error(`prévia: ${JSON.stringify(counts)}`);
    await expectStock(handle, before, 'a prévia gravou');
    const imported = await phase(
      server,
      `lote: importação (${what})`,
      URL_BATCHES,
      await batchForm(zip, cookie, choices(month, products)),
      201,
    );
    const batch = JSON.parse(imported.result.body) as { id: number; posted: number; skipped: number };
    if (batch.posted !== SALES + PURCHASES)
      throw new Error(`importação: ${batch.posted} lançados, ${batch.skipped} pulados`);
    await expectStock(
      handle,
      before + BigInt(sum(month.bought) - sum(month.sold)) * 1000n,
      'depois da importação',
    );
    const undone = await phase(
      server,
      'lote: desfazer',
      `${URL_BATCHES}/${batch.id}`,
      { method: 'DELETE', headers: { cookie } },
      204,
    );
    await expectStock(handle, before, 'depois de desfazer');
    return rowsOf(
      handle.dialect,
      [preview, imported, undone],
      [TARGET.preview, TARGET.import, TARGET.undo],
      floors,
    );
  } finally {
    await server.stop();
  }
}

/** The database (catalog, business, opening stock), the month and its zip, and the floors; the app closed after. */
async function prepare(handle: Parameters<typeof stockTotal>[0]) {
  const app = await benchApp(handle);
  try {
    const cookie = await benchCookie(app);
    await setBusiness(app, cookie);
    const products = await catalogWithGtins(handle, PRODUCTS);
    let started = performance.now();
    const month = fiscalMonth({
      business: TEST_BUSINESS_DOCUMENT,
      products,
      month: MONTH,
      sales: SALES,
      purchases: PURCHASES,
      unmatchedEvery: 40,
    });
    const built = (performance.now() - started) / 1000;
    started = performance.now();
    const zip = zipDocuments(month.files);
    console.log(
      `[${handle.dialect}] ${month.files.length} documentos (${month.sales.items} itens de NFC-e, ${month.purchases.items} de NF-e, ${month.unmatched.length} códigos sem GTIN) gerados e assinados em ${built.toFixed(1)} s; zip de ${(zip.length / 2 ** 20).toFixed(1)} MB em ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    await openingStock(app, cookie, products, (sku) => (month.sold.get(sku) ?? 0) + 5, OPENING_ON);
    const floors = await measureFloors(handle, zip, products);
    console.log(
      `[${handle.dialect}] pisos, neste processo: abrir o zip (${floors.unzip.toFixed(2)} s), ler e verificar os ${floors.documents} XML: ${floors.parse.toFixed(2)} s; e gravar ${floors.items} linhas do razão num só comando ${floors.import.toFixed(2)} s (CPU ${floors.parseCpu.toFixed(2)} / ${floors.importCpu.toFixed(2)} s)`,
    );
    return { zip, month, products, floors };
  } finally {
    await app.close();
  }
}

async function main() {
  const { handle, drop } = await createTestDatabase();
  try {
    const prepared = await prepare(handle);
    console.log(
      `[${handle.dialect}] carga antes de medir: ${os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}`,
    );
    printRows(await measureServer(handle, prepared));
  } finally {
    await drop();
  }
}

await main();
