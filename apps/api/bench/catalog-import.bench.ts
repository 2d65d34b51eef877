// The catalog sheet at its limit: preview and import of 50,000 new products, then 50,000 updates (new prices):
//   node apps/api/bench/catalog-import.bench.ts            (SQLite)
//   TEST_DATABASE_URL=postgres://… node apps/api/bench/catalog-import.bench.ts
// Targets (issue 11): preview ≤ 5 s, import ≤ 10 s, server memory ≤ 250 MB. As in movements.bench.ts, this process
// prepares the database and the files, starts the real server in its own process and is only its client; the
// server's peak RSS and CPU are read from /proc, so the figures are the server's alone.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CATALOG_COLUMN_TITLES } from '@armazem/contracts/catalog-import';
import { createTestDatabase } from '../test/helper.ts';
import { makeXlsx, multipart, type Cell } from '../test/sheets.ts';
import { printRows, type BenchRow } from './bench-support.ts';
import { benchApp, BENCH_USER, databaseLocation } from './bench-database.ts';
import { startServer } from './bench-server.ts';

const ROWS = 50_000;
/** The server in its own process, this process its client: four calls, each timed with the server's peak RSS. */
async function measureServer(
  dialect: string,
  database: { databaseUrl?: string; dataDir: string },
  files: string[],
) {
  const server = await startServer(database);
  const rows: BenchRow[] = [];
  try {
    const cookie = await server.login(BENCH_USER.email, BENCH_USER.password);
    const measure = async (label: string, url: string, file: string, expected: number) => {
      const body = await multipart({}, { name: path.basename(file), bytes: fs.readFileSync(file) });
      const result = await server.measure(url, {
        method: 'POST',
        headers: { cookie, ...body.headers },
        body: body.payload,
      });
      if (result.status !== expected)
        throw new Error(`${label}: ${result.status} ${result.body.slice(0, 300)}`);
      const summary = expected === 200 ? JSON.stringify(JSON.parse(result.body).summary) : result.body;
      // CPU: every thread of the server (the sheet worker too), what the call costs on an idle machine
      console.log(
        `[${dialect}] ${label.padEnd(30)} ${result.seconds.toFixed(2).padStart(6)} s (CPU do servidor ${result.cpuSeconds.toFixed(2)} s)   carga ${os.loadavg()[0]?.toFixed(1)}   pico RSS ${Math.round(result.peakMb)} MB (antes ${Math.round(result.beforeMb)} MB)   ${summary.slice(0, 140)}`,
      );
      const target = expected === 200 ? 5 : 10;
      rows.push(
        {
          figure: label,
          db: dialect,
          value: result.seconds,
          unit: 's',
          raw: null,
          target: `≤ ${target} s`,
          ok: result.seconds <= target,
        },
        {
          figure: `${label}: pico RSS`,
          db: dialect,
          value: result.peakMb,
          unit: 'MB',
          raw: null,
          target: '≤ 250 MB',
          ok: result.peakMb <= 250,
        },
      );
    };
    const [creates = '', updates = ''] = files;
    await measure(`prévia (${ROWS} novos)`, '/api/products/v1/import/preview', creates, 200);
    await measure(`importação (${ROWS} novos)`, '/api/products/v1/import', creates, 201);
    await measure(`prévia (${ROWS} alterados)`, '/api/products/v1/import/preview', updates, 200);
    await measure(`importação (${ROWS} alterados)`, '/api/products/v1/import', updates, 201);
    // what stays once the server is quiet again (memory is given back after the last upload: decision 0034)
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const after = server.residentMb();
    console.log(`[${dialect}] memória 1 s depois da última chamada: ${Math.round(after)} MB`);
    rows.push({
      figure: 'memória em repouso depois das quatro chamadas',
      db: dialect,
      value: after,
      unit: 'MB',
      raw: null,
      target: '—',
      ok: true,
    });
    return rows;
  } finally {
    await server.stop();
  }
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
    await (await benchApp(handle)).close();
    fs.writeFileSync(files[0] ?? '', await makeXlsx(catalogRows(0), { sheetName: 'Produtos' }));
    fs.writeFileSync(files[1] ?? '', await makeXlsx(catalogRows(1), { sheetName: 'Produtos' }));
    console.log(
      `[${handle.dialect}] planilha de ${ROWS.toLocaleString('pt-BR')} produtos: ${(fs.statSync(files[0] ?? '').size / 2 ** 20).toFixed(1)} MB; carga: ${os
        .loadavg()
        .map((n) => n.toFixed(1))
        .join(' ')}`,
    );
    printRows(await measureServer(handle.dialect, await databaseLocation(handle), files));
  } finally {
    await drop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await prepareAndRun();
