// First visit of /login and the server at rest, measured against the real `npm start`:
//   node apps/api/bench/web.bench.ts [--cold-build] [--runs=5]
// Starts `npm start` on a free port with a temporary DATA_DIR (with --cold-build, the web build is removed first so
// the figure includes building it), then: time until /api/health, idle memory of the whole process tree from /proc,
// JS + CSS bytes /login pulls with brotli, FCP / LCP of /login in a new headless Chromium context per run, and the time
// from signing in to Início's charts drawn.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { findChromium } from '../../../scripts/chromium.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const args = new Set(process.argv.slice(2));
const runs = Number(process.argv.find((arg) => arg.startsWith('--runs='))?.slice(7) ?? 5);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** RSS in KB of a process and every descendant, read from /proc. */
function treeRss(rootPid: number): { pid: number; name: string; kb: number }[] {
  const parents = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parents.set(Number(entry), Number(fields[1]));
    } catch {
      // The process ended while we were reading.
    }
  }
  const tree = [rootPid];
  for (let i = 0; i < tree.length; i++)
    for (const [pid, parent] of parents) if (parent === tree[i]) tree.push(pid);
  return tree.flatMap((pid) => {
    try {
      const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      const cmd = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
      return [{ pid, name: cmd.slice(0, 60), kb }];
    } catch {
      return [];
    }
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

/**
 * Sign-in to drawn charts: the first account of the empty install signs in through /login, and the time runs from the
 * click on "Entrar" until both of Início's charts say `data-drawn="true"` (chart.js fetched, data read, drawn).
 */
async function dashboardDrawnMs(browser: Browser, base: string, runs: number): Promise<number> {
  const account = { name: 'Dona da Loja', email: 'bench@armazem.local', password: 'senha-do-bench-123' };
  const registered = await fetch(`${base}/api/auth/v1/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  if (registered.status !== 201) throw new Error(`cadastro falhou: ${await registered.text()}`);
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const context = await browser.newContext({ locale: 'pt-BR' });
    const page = await context.newPage();
    await page.goto(`${base}/login`);
    await page.getByLabel('E-mail').fill(account.email);
    await page.getByLabel('Senha', { exact: true }).fill(account.password);
    const clicked = performance.now();
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.locator('[data-testid^="dashboard-"][data-drawn="true"]').nth(1).waitFor({ timeout: 15_000 });
    times.push(performance.now() - clicked);
    await context.close();
  }
  return median(times);
}

const port = await freePort();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'armazem-web-bench-'));
if (args.has('--cold-build')) fs.rmSync(path.join(root, 'apps/web/dist'), { recursive: true, force: true });

const started = performance.now();
const server = spawn('npm', ['start'], {
  cwd: root,
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'inherit', 'inherit'],
  // Its own process group, so the server under npm stops with it.
  detached: true,
});
// Stopped from outside (npm run bench's time limit, Ctrl+C): the server goes with it.
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    process.kill(-server.pid!, 'SIGTERM');
    process.exit(130);
  });
const base = `http://127.0.0.1:${port}`;
async function untilHealthy(): Promise<number> {
  for (;;) {
    if (server.exitCode !== null) throw new Error('o servidor saiu antes de responder');
    const ok = await fetch(`${base}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
const startMs = await untilHealthy();

try {
  // Idle: the first request answered, nothing else asked; give the deferred work and the GC a moment to settle.
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const processes = treeRss(server.pid!);
  const treeMb = processes.reduce((sum, p) => sum + p.kb, 0) / 1024;
  const serverMb = Math.max(...processes.map((p) => p.kb)) / 1024;

  const executablePath = findChromium();
  if (!executablePath) throw new Error('Chromium não encontrado');
  const browser = await chromium.launch({
    executablePath,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  const fcps: number[] = [];
  const lcps: number[] = [];
  // url → kind and the encoded body size the browser received on the first (cold) visit.
  const assets = new Map<string, { type: string; sent: number }>();
  for (let run = 0; run < runs; run++) {
    const context = await browser.newContext({ locale: 'pt-BR' });
    const page = await context.newPage();
    const counted: Promise<void>[] = [];
    if (run === 0)
      page.on('response', (response) => {
        const type = response.request().resourceType();
        if (type === 'script' || type === 'stylesheet')
          counted.push(
            response
              .request()
              .sizes()
              .then(
                ({ responseBodySize }) => void assets.set(response.url(), { type, sent: responseBodySize }),
              ),
          );
      });
    await page.goto(`${base}/login`);
    await page.getByRole('button', { name: 'Entrar' }).waitFor();
    const paint = await page.evaluate(
      () =>
        new Promise<{ fcp: number; lcp: number }>((resolve) => {
          const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN;
          new PerformanceObserver((list) => {
            const entries = list.getEntries();
            resolve({ fcp, lcp: entries[entries.length - 1]?.startTime ?? NaN });
          }).observe({ type: 'largest-contentful-paint', buffered: true });
        }),
    );
    await Promise.all(counted);
    fcps.push(paint.fcp);
    lcps.push(paint.lcp);
    await context.close();
  }
  const dashboardMs = await dashboardDrawnMs(browser, base, runs);
  await browser.close();

  // The bytes on the wire as the browser received them (it asks for brotli); the raw size read again for the record.
  let jsBytes = 0;
  let cssBytes = 0;
  let rawBytes = 0;
  const rows: string[] = [];
  for (const [url, { type, sent }] of assets) {
    const response = await fetch(url, { headers: { 'Accept-Encoding': 'br, gzip' } });
    rawBytes += (await response.arrayBuffer()).byteLength;
    if (type === 'script') jsBytes += sent;
    else cssBytes += sent;
    rows.push(
      `  ${(sent / 1024).toFixed(1).padStart(6)} KB ${response.headers.get('content-encoding') ?? 'identity'}  ${url.slice(base.length)}`,
    );
  }

  const fcp = median(fcps);
  const lcp = median(lcps);
  const kb = (jsBytes + cssBytes) / 1024;
  console.log(`\nArquivos de /login (${assets.size}):\n${rows.join('\n')}`);
  console.log(`\nProcessos de \`npm start\`:`);
  for (const p of processes) console.log(`  ${(p.kb / 1024).toFixed(1).padStart(6)} MB  ${p.pid}  ${p.name}`);
  const table = [
    ['figure', 'measured', 'target', ''],
    [
      'JS + CSS for /login (br)',
      `${kb.toFixed(1)} KB (JS ${(jsBytes / 1024).toFixed(1)}, CSS ${(cssBytes / 1024).toFixed(1)}; ${(rawBytes / 1024).toFixed(0)} KB raw)`,
      '≤ 70 KB',
      kb <= 70 ? 'ok' : 'MISSED',
    ],
    [
      `/login FCP, cold (median of ${runs})`,
      `${fcp.toFixed(0)} ms`,
      '≤ 200 ms',
      fcp <= 200 ? 'ok' : 'MISSED',
    ],
    [
      `/login LCP, cold (median of ${runs})`,
      `${lcp.toFixed(0)} ms`,
      '≤ 300 ms',
      lcp <= 300 ? 'ok' : 'MISSED',
    ],
    [
      `sign-in → Início's charts drawn (median of ${runs})`,
      `${dashboardMs.toFixed(0)} ms`,
      '≤ 250 ms (issue 36; issue 34 asked ≤ 1 s)',
      dashboardMs <= 250 ? 'ok' : 'MISSED',
    ],
    [
      'idle RSS, whole `npm start` tree',
      `${treeMb.toFixed(0)} MB (server alone ${serverMb.toFixed(0)} MB)`,
      '≤ 120 MB',
      treeMb <= 120 ? 'ok' : 'MISSED',
    ],
    [
      `npm start → /api/health${args.has('--cold-build') ? ' (building the web app)' : ''}`,
      `${(startMs / 1000).toFixed(1)} s`,
      '≤ 45 s with npm ci',
      startMs <= 45_000 ? 'ok' : 'MISSED',
    ],
  ];
  const widths = table[0]!.map((_, i) => Math.max(...table.map((row) => row[i]!.length)));
  console.log(
    `\n${table.map((row) => row.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')).join('\n')}`,
  );
  // For apps/api/bench/run-all.ts (`npm run bench`): no raw-database counterpart for these figures.
  const benchRows = [
    {
      figure: 'JS + CSS de /login (br)',
      value: Number(kb.toFixed(1)),
      unit: 'KB',
      target: '≤ 70 KB',
      ok: kb <= 70,
    },
    { figure: 'FCP de /login, frio', value: Math.round(fcp), unit: 'ms', target: '≤ 200 ms', ok: fcp <= 200 },
    { figure: 'LCP de /login, frio', value: Math.round(lcp), unit: 'ms', target: '≤ 300 ms', ok: lcp <= 300 },
    {
      figure: 'painel com gráficos desenhados após o login',
      value: Math.round(dashboardMs),
      unit: 'ms',
      target: '≤ 250 ms',
      ok: dashboardMs <= 250,
    },
    {
      figure: 'RSS em repouso, árvore do `npm start`',
      value: Math.round(treeMb),
      unit: 'MB',
      target: '≤ 120 MB',
      ok: treeMb <= 120,
    },
    {
      figure: 'RSS em repouso, só o servidor',
      value: Math.round(serverMb),
      unit: 'MB',
      target: '≤ 120 MB',
      ok: serverMb <= 120,
    },
    {
      figure: `npm start → /api/health${args.has('--cold-build') ? ' (com build)' : ''}`,
      value: Number((startMs / 1000).toFixed(1)),
      unit: 's',
      target: '≤ 45 s com npm ci',
      ok: startMs <= 45_000,
    },
  ].map((row) => ({ ...row, db: 'sqlite', raw: null }));
  console.log(
    `carga da máquina: ${os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(' ')}`,
  );
  console.log(`BENCH_JSON ${JSON.stringify({ rows: benchRows })}`);
} finally {
  process.kill(-server.pid!, 'SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
