// `npm run bench`: every figure of issue 12's table in one run, on SQLite and PostgreSQL, printed as one table.
//   node apps/api/bench/run-all.ts [--only=catalog,web] [--skip-pg] [--timeout-min=20]
// Runs each bench script as a child process (SQLite, then PostgreSQL through TEST_DATABASE_URL, loopback only), shows
// its output as it goes, and keeps its last `BENCH_JSON {"rows":[...]}` line: each row a figure, the app's value, the
// same work done directly on the database (raw, when the script measures it) and the target. A script that ends
// without that line is shown as "sem dados". The table also goes to bench-results.md (not committed).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

interface BenchRow {
  figure: string;
  db: string;
  value: number | string | null;
  unit?: string;
  raw?: number | string | null;
  target?: string;
  ok?: boolean | null;
}
interface Outcome {
  script: string;
  db: string;
  rows: BenchRow[];
  /** Why there are no rows: exit status, timeout, missing line. */
  problem?: string;
  seconds: number;
}

const here = import.meta.dirname;
const root = path.resolve(here, '../../..');
const argv = process.argv.slice(2);
const option = (name: string) => argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const only = option('only')?.split(',');
const timeoutMs = Number(option('timeout-min') ?? 20) * 60_000;
const pgUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);
if (!LOOPBACK.has(new URL(pgUrl).hostname)) {
  console.error(
    `TEST_DATABASE_URL precisa apontar para esta máquina (127.0.0.1), não para ${new URL(pgUrl).host}.`,
  );
  process.exit(2);
}

/** Script, and whether the database matters to its figures (the web figures run once, on SQLite). */
const SCRIPTS: Array<[string, boolean]> = [
  ['catalog.bench.ts', true],
  ['movements.bench.ts', true],
  ['stock-pipeline.bench.ts', true],
  ['catalog-import.bench.ts', true],
  ['nfe.bench.ts', true],
  ['counts.bench.ts', true],
  ['documents.bench.ts', true],
  ['reports.bench.ts', true],
  ['after-batch.bench.ts', true],
  ['web.bench.ts', false],
];

let current: ReturnType<typeof spawn> | undefined;
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    // Each script runs in its own process group (it may start servers and load clients): stop all of it.
    if (current?.pid) process.kill(-current.pid, 'SIGTERM');
    process.exit(130);
  });

function runScript(script: string, db: 'sqlite' | 'postgres'): Promise<Outcome> {
  const env = { ...process.env };
  if (db === 'postgres') env.TEST_DATABASE_URL = pgUrl;
  else delete env.TEST_DATABASE_URL;
  const started = performance.now();
  console.log(`\n━━ ${script} (${db}) ━━`);
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(here, script)], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'inherit'],
      detached: true,
    });
    current = child;
    let json: string | undefined;
    let pending = '';
    child.stdout.on('data', (chunk: Buffer) => {
      process.stdout.write(chunk);
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) if (line.startsWith('BENCH_JSON ')) json = line.slice('BENCH_JSON '.length);
    });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      process.kill(-child.pid!, 'SIGTERM');
      setTimeout(() => child.exitCode === null && process.kill(-child.pid!, 'SIGKILL'), 10_000).unref();
    }, timeoutMs);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      current = undefined;
      if (pending.startsWith('BENCH_JSON ')) json = pending.slice('BENCH_JSON '.length);
      const seconds = (performance.now() - started) / 1000;
      const outcome: Outcome = { script, db, rows: [], seconds };
      try {
        if (json)
          outcome.rows = (JSON.parse(json) as { rows: BenchRow[] }).rows.map((row) => ({ ...row, db }));
      } catch {
        outcome.problem = 'BENCH_JSON ilegível';
      }
      if (timedOut) outcome.problem = `passou de ${timeoutMs / 60_000} min`;
      else if (code !== 0) outcome.problem ??= `saiu com ${code ?? signal}`;
      else if (!json) outcome.problem = 'não imprimiu BENCH_JSON';
      resolve(outcome);
    });
  });
}

const fmt = (value: number | string | null | undefined, unit = '') =>
  value === null || value === undefined
    ? '—'
    : `${typeof value === 'number' ? value.toLocaleString('pt-BR') : value}${unit ? ` ${unit}` : ''}`;

function ratio(row: BenchRow): string {
  if (typeof row.value !== 'number' || typeof row.raw !== 'number' || row.raw === 0) return '—';
  return `${(row.value / row.raw).toFixed(2)}×`;
}

function table(outcomes: Outcome[]): string {
  const header = ['figura', 'banco', 'app', 'direto no banco', 'app ÷ banco', 'alvo', ''];
  const body: string[][] = [];
  for (const outcome of outcomes) {
    if (!outcome.rows.length) {
      body.push([outcome.script, outcome.db, 'sem dados', '—', '—', '—', outcome.problem ?? '']);
      continue;
    }
    for (const row of outcome.rows)
      body.push([
        row.figure,
        row.db,
        fmt(row.value, row.unit),
        fmt(row.raw, typeof row.raw === 'number' ? row.unit : ''),
        ratio(row),
        row.target ?? '—',
        row.ok === true ? 'ok' : row.ok === false ? 'NÃO' : '',
      ]);
  }
  const escape = (cell: string) => cell.replaceAll('|', '\\|');
  return [header, header.map(() => '---'), ...body]
    .map((cells) => `| ${cells.map(escape).join(' | ')} |`)
    .join('\n');
}

const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
const startedAt = new Date();
const loadBefore = load();
const outcomes: Outcome[] = [];
for (const [script, perDatabase] of SCRIPTS) {
  if (only && !only.some((name) => script.startsWith(`${name}.`))) continue;
  if (!fs.existsSync(path.join(here, script))) continue;
  outcomes.push(await runScript(script, 'sqlite'));
  if (perDatabase && !argv.includes('--skip-pg')) outcomes.push(await runScript(script, 'postgres'));
}

const minutes = ((Date.now() - startedAt.getTime()) / 60_000).toFixed(1);
const summary = [
  `# npm run bench — ${startedAt.toISOString()}`,
  '',
  `${os.cpus().length} núcleos; carga (1, 5, 15 min) no início ${loadBefore}, no fim ${load()}; ${minutes} min no total.`,
  '',
  table(outcomes),
  '',
  ...outcomes.map(
    (o) => `- ${o.script} (${o.db}): ${o.seconds.toFixed(0)} s${o.problem ? `, ${o.problem}` : ''}`,
  ),
  '',
].join('\n');
console.log(`\n${summary}`);
fs.writeFileSync(path.join(root, 'bench-results.md'), summary);
console.log('Tabela gravada em bench-results.md');
// A missed target is a figure, not a failure: only a script that broke or printed nothing fails the command.
process.exitCode = outcomes.every((o) => !o.problem) ? 0 : 1;
