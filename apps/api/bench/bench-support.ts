// What the bench scripts share: timing, the load client in its own process, and the rows they print (a readable
// table and a final `BENCH_JSON {...}` line a table runner can read).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface BenchRow {
  figure: string;
  db: string;
  value: number;
  unit: string;
  /** the same work done directly on the database, in the same unit (null when there is no raw counterpart) */
  raw: number | null;
  target: string;
  ok: boolean;
}

export function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

/** Median (and p95) of `runs` timed calls after `warm` untimed ones, in ms. */
export async function timeIt(run: () => Promise<unknown>, runs = 30, warm = 3) {
  const times: number[] = [];
  for (let i = 0; i < runs + warm; i += 1) {
    const started = performance.now();
    await run();
    if (i >= warm) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { median: quantile(times, 0.5), p95: quantile(times, 0.95) };
}

/** Interleaves app and raw runs so a busy moment of the shared machine hits both alike. */
export async function timePair(app: () => Promise<unknown>, raw: () => Promise<unknown>, runs = 30) {
  const a: number[] = [];
  const r: number[] = [];
  for (let i = 0; i < runs + 3; i += 1) {
    let started = performance.now();
    await app();
    if (i >= 3) a.push(performance.now() - started);
    started = performance.now();
    await raw();
    if (i >= 3) r.push(performance.now() - started);
  }
  a.sort((x, y) => x - y);
  r.sort((x, y) => x - y);
  return { app: quantile(a, 0.5), raw: quantile(r, 0.5) };
}

export interface LoadResult {
  seconds: number;
  statuses: Record<string, number>;
  p50: number;
  p99: number;
}

/** Runs apps/api/bench/load-client.ts in its own process against a listening server. */
export function loadClient(
  url: string,
  count: number,
  concurrency: number,
  request: { method?: string; headers: Record<string, string>; body?: unknown },
): Promise<LoadResult> {
  const script = fileURLToPath(new URL('./load-client.ts', import.meta.url));
  const child = spawn(process.execPath, [script, url, String(count), String(concurrency)], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  child.stdin.end(JSON.stringify(request));
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(JSON.parse(out) as LoadResult) : reject(new Error(`load-client saiu com ${code}`)),
    );
  });
}

/** The same count of calls, `concurrency` at a time, straight on the database (no HTTP, no app). */
export async function rawLoad(
  run: () => Promise<unknown>,
  count: number,
  concurrency: number,
): Promise<LoadResult> {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        next += 1;
        const t = performance.now();
        await run();
        latencies.push(performance.now() - t);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return {
    seconds: (performance.now() - started) / 1000,
    statuses: {},
    p50: quantile(latencies, 0.5),
    p99: quantile(latencies, 0.99),
  };
}

const fmt = (value: number | null) =>
  value === null ? '—' : value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toFixed(2);

/** The readable table, then the machine-readable line. */
export function printRows(rows: BenchRow[]): void {
  console.log(
    `${'figura'.padEnd(58)} ${'banco'.padEnd(8)} ${'valor'.padStart(9)} ${'bruto'.padStart(9)} ${'razão'.padStart(6)}  alvo`,
  );
  for (const row of rows) {
    const ratio = row.raw ? `${(row.value / row.raw).toFixed(2)}×` : '—';
    console.log(
      `${row.figure.padEnd(58)} ${row.db.padEnd(8)} ${`${fmt(row.value)} ${row.unit}`.padStart(9)} ${`${fmt(row.raw)}`.padStart(9)} ${ratio.padStart(6)}  ${row.target} ${row.ok ? 'ok' : 'FALHA'}`,
    );
  }
  console.log(`BENCH_JSON ${JSON.stringify({ rows })}`);
}
