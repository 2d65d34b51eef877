// The catalog sheet at its limit: preview and import of 50,000 new products, then 50,000 updates (new prices):
//   node apps/api/bench/catalog-import.bench.ts            (SQLite)
//   TEST_DATABASE_URL=postgres://… node apps/api/bench/catalog-import.bench.ts
// Targets (issue 11): preview ≤ 5 s, import ≤ 10 s, server memory ≤ 250 MB. As in movements.bench.ts, the parent
// prepares the database and the files; a fresh child runs the calls through the whole HTTP stack and samples its
// own RSS, so the figures are the server's alone.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { CATALOG_COLUMN_TITLES } from '@armazem/contracts/catalog-import';
import { buildApp } from '../src/app.ts';
import { openDatabase, type Db } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { createTestDatabase } from '../test/helper.ts';
import { makeXlsx, multipart, type Cell } from '../test/sheets.ts';

const ROWS = 50_000;
const config = {
  sessions: { idleMinutes: 60, absoluteHours: 24 },
  loginRateLimit: 1000,
  publicUrl: 'http://bench',
  allowedOrigins: [],
  timeZone: 'America/Sao_Paulo',
};

async function measureInChild(databaseUrl: string | undefined, dataDir: string, files: string[]) {
  const database = openDatabase({ databaseUrl, dataDir });
  const app = await buildApp({ database, mailer: { send: async () => undefined }, config });
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/v1/login',
    payload: { email: 'bench@armazem.com.br', password: 'senha-de-bench-123' },
  });
  const cookie = `armazem_session=${login.cookies.find((c) => c.name === 'armazem_session')?.value}`;
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  const measure = async (label: string, url: string, file: string, expected: number) => {
    const body = await multipart({}, { name: path.basename(file), bytes: fs.readFileSync(file) });
    global.gc?.();
    const before = process.memoryUsage().rss;
    peak = before;
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    const response = await app.inject({
      method: 'POST',
      url,
      headers: { cookie, ...body.headers },
      payload: body.payload,
    });
    const seconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    // CPU time of every thread of the server (the sheet worker too): what the call costs on an idle machine
    const cpuSeconds = (cpu.user + cpu.system) / 1e6;
    if (response.statusCode !== expected)
      throw new Error(`${label}: ${response.statusCode} ${response.body.slice(0, 300)}`);
    const summary = expected === 200 ? JSON.stringify(response.json().summary) : response.body;
    console.log(
      `[${database.dialect}] ${label.padEnd(30)} ${seconds.toFixed(2).padStart(6)} s (CPU ${cpuSeconds.toFixed(2)} s)   carga ${os.loadavg()[0]?.toFixed(1)}   pico RSS ${Math.round(peak / 2 ** 20)} MB (antes ${Math.round(before / 2 ** 20)} MB)   ${summary.slice(0, 140)}`,
    );
  };
  const [creates = '', updates = ''] = files;
  await measure(`prévia (${ROWS} novos)`, '/api/products/v1/import/preview', creates, 200);
  await measure(`importação (${ROWS} novos)`, '/api/products/v1/import', creates, 201);
  await measure(`prévia (${ROWS} alterados)`, '/api/products/v1/import/preview', updates, 200);
  await measure(`importação (${ROWS} alterados)`, '/api/products/v1/import', updates, 201);
  clearInterval(sampler);
  await app.close();
  await database.destroy();
}

/** 50,000 products over 40 categories (4 of them new), every third with a box and its barcode. */
function catalogRows(priceShift: number): Cell[][] {
  const rows: Cell[][] = [[...CATALOG_COLUMN_TITLES]];
  for (let i = 1; i <= ROWS; i += 1) {
    const category =
      i % 40 < 4 ? `Categoria nova ${i % 40}` : ['Mercearia', 'Bebidas', 'Limpeza', 'Higiene'][i % 4];
    rows.push([
      `IMP-${String(i).padStart(6, '0')}`,
      `Produto importado número ${i}`,
      i % 5 === 0 ? `Descrição do produto ${i}` : null,
      category ?? 'Mercearia',
      i % 7 === 0 ? 'KG' : 'UN',
      null,
      String(10_000_000 + (i % 90_000_000)).padStart(8, '0'),
      null,
      i % 10,
      (1 + (i % 100) / 4 + priceShift).toFixed(2).replace('.', ','),
      (2 + (i % 100) / 2 + priceShift).toFixed(2).replace('.', ','),
      i % 3 === 0 ? 'Caixa c/ 12' : null,
      null,
      '00',
    ]);
  }
  return rows;
}

async function prepareAndRun() {
  const { handle, drop } = await createTestDatabase();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'armazem-bench-'));
  const files = [path.join(dir, 'produtos.xlsx'), path.join(dir, 'produtos-precos.xlsx')];
  try {
    await migrateToLatest(handle);
    const app = await buildApp({ database: handle, mailer: { send: async () => undefined }, config });
    await app.inject({
      method: 'POST',
      url: '/api/auth/v1/register',
      payload: { name: 'Bench', email: 'bench@armazem.com.br', password: 'senha-de-bench-123' },
    });
    await app.close();
    fs.writeFileSync(files[0] ?? '', await makeXlsx(catalogRows(0), { sheetName: 'Produtos' }));
    fs.writeFileSync(files[1] ?? '', await makeXlsx(catalogRows(1), { sheetName: 'Produtos' }));
    console.log(
      `[${handle.dialect}] planilha de ${ROWS.toLocaleString('pt-BR')} produtos: ${(fs.statSync(files[0] ?? '').size / 2 ** 20).toFixed(1)} MB; carga: ${os
        .loadavg()
        .map((n) => n.toFixed(1))
        .join(' ')}`,
    );
    const url = process.env.TEST_DATABASE_URL ? await currentDatabaseUrl(handle) : '';
    const dataDir = url ? '' : path.dirname(await sqliteFile(handle));
    const child = spawnSync(
      process.execPath,
      ['--expose-gc', fileURLToPath(import.meta.url), 'measure', url, dataDir, ...files],
      { stdio: 'inherit' },
    );
    if (child.status !== 0) process.exitCode = 1;
  } finally {
    await drop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function currentDatabaseUrl(handle: { db: Db }) {
  const row = await sql<{ name: string }>`select current_database() as name`.execute(handle.db);
  const url = new URL(process.env.TEST_DATABASE_URL ?? '');
  url.pathname = `/${row.rows[0]?.name}`;
  return url.toString();
}

async function sqliteFile(handle: { db: Db }) {
  const row = await sql<{ file: string }>`select file from pragma_database_list where name = 'main'`.execute(
    handle.db,
  );
  return row.rows[0]?.file ?? '';
}

if (process.argv[2] === 'measure')
  await measureInChild(process.argv[3] || undefined, process.argv[4] ?? '', process.argv.slice(5));
else await prepareAndRun();
