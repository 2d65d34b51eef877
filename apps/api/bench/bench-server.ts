// The server under measure, in its own process and started as `npm start` starts it (scripts/start.ts: the V8 flags
// and the compile cache, then execve into apps/api/src/server.ts, same pid) on a free loopback port. The bench process
// is only the client (it builds and sends the request bodies); the server's memory and CPU are read from /proc as they
// are, worker threads included. Linux only, like the machine the targets are set for.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const startScript = fileURLToPath(new URL('../../../scripts/start.ts', import.meta.url));
const webDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

const statusKb = (pid: number, field: 'VmRSS' | 'VmHWM') => {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(
    fs.readFileSync(`/proc/${pid}/status`, 'utf8'),
  );
  return Number(match?.[1] ?? 0);
};

/** user + system CPU seconds of the process, all its threads. */
function cpuSeconds(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (100 Hz on Linux)
}

export interface Measured {
  seconds: number;
  cpuSeconds: number;
  peakMb: number;
  beforeMb: number;
  status: number;
  body: string;
}

export interface BenchServer {
  base: string;
  /** Logs in through the API and answers the session cookie. */
  login(email: string, password: string): Promise<string>;
  /** One request, timed by the client; the server's peak RSS (VmHWM reset just before) and CPU over it. */
  measure(url: string, init: RequestInit): Promise<Measured>;
  /** The server's resident memory now, in MB. */
  residentMb(): number;
  stop(): Promise<void>;
}

/** Starts the server on the database the bench prepared (SQLite file in `dataDir`, or `databaseUrl`). */
export async function startServer(database: { databaseUrl?: string; dataDir: string }): Promise<BenchServer> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    LOG_LEVEL: 'warn',
    LOGIN_RATE_LIMIT: '1000',
    DATA_DIR: database.dataDir || os.tmpdir(), // PostgreSQL: nothing is written there
    // the web build as it is, or none: start.ts builds the web only when WEB_DIST is not given
    WEB_DIST: fs.existsSync(path.join(webDist, 'index.html')) ? webDist : path.join(os.tmpdir(), 'sem-web'),
  };
  delete env.DATABASE_URL;
  if (database.databaseUrl) env.DATABASE_URL = database.databaseUrl;
  const child = spawn(process.execPath, [startScript], { env, stdio: ['ignore', 'inherit', 'inherit'] });
  const pid = child.pid ?? 0;
  for (;;) {
    if (child.exitCode !== null) throw new Error('o servidor saiu antes de responder');
    const ok = await fetch(`${base}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    base,
    async login(email, password) {
      const response = await fetch(`${base}/api/auth/v1/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      const cookie = response.headers.getSetCookie().find((line) => line.startsWith('armazem_session='));
      if (!cookie) throw new Error(`login: ${response.status} ${await response.text()}`);
      return cookie.split(';')[0] ?? '';
    },
    async measure(url, init) {
      await new Promise((resolve) => setTimeout(resolve, 1000)); // let the last call settle: memory is given back 250 ms after an upload (decision 0034)
      fs.writeFileSync(`/proc/${pid}/clear_refs`, '5'); // resets VmHWM to the current RSS
      const beforeMb = statusKb(pid, 'VmRSS') / 1024;
      const cpuBefore = cpuSeconds(pid);
      const started = performance.now();
      const response = await fetch(`${base}${url}`, init);
      const body = await response.text();
      const seconds = (performance.now() - started) / 1000;
      return {
        seconds,
        cpuSeconds: cpuSeconds(pid) - cpuBefore,
        peakMb: statusKb(pid, 'VmHWM') / 1024,
        beforeMb,
        status: response.status,
        body,
      };
    },
    residentMb: () => statusKb(pid, 'VmRSS') / 1024,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGINT');
      }),
  };
}
