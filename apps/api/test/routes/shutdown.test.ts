import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { freshPostgresDatabase, TEST_DATABASE_URL } from '../helper.ts';

const serverEntry = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/server.ts');

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The real server process on a fresh database (SQLite in a temp dir, or a new PostgreSQL database). */
async function startServer(): Promise<{ child: ChildProcess; port: number; cleanup: () => Promise<void> }> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'armazem-shutdown-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    WEB_DIST: dataDir,
    LOG_LEVEL: 'info',
    NODE_ENV: 'production',
  };
  let dropDatabase = async (): Promise<void> => undefined;
  if (TEST_DATABASE_URL) {
    const database = await freshPostgresDatabase(TEST_DATABASE_URL);
    env.DATABASE_URL = database.url;
    dropDatabase = database.drop;
  } else {
    delete env.DATABASE_URL;
  }
  const child = spawn(process.execPath, [serverEntry], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Armazém pronto')) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) =>
      reject(new Error(`o servidor saiu antes de ficar pronto (${code}): ${output}`)),
    );
  });
  return {
    child,
    port,
    cleanup: async () => {
      if (child.exitCode === null) child.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
      await dropDatabase();
    },
  };
}

interface Answer {
  status: number;
  body: string;
  connection: string | undefined;
}

function request(
  agent: http.Agent,
  port: number,
  options: { method?: string; path: string; body?: string },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        agent,
        method: options.method ?? 'GET',
        path: options.path,
        headers: options.body ? { 'content-type': 'application/json' } : {},
      },
      (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body, connection: res.headers.connection }),
        );
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

describe('SIGTERM drains the real server process (issue 8 item 12)', () => {
  it('answers 503 on /api/ready at once, finishes the requests in flight, resets none, exits within 10 s', async () => {
    const server = await startServer();
    cleanup = server.cleanup;
    const { child, port } = server;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
    // Warm keep-alive connections that will sit idle in the pool while the server shuts down.
    const warm = await Promise.all(
      Array.from({ length: 6 }, () => request(agent, port, { path: '/api/ready' })),
    );
    expect(warm.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const idle = new http.Agent({ keepAlive: true });
    await request(idle, port, { path: '/api/health' });
    const idleSocket = Object.values(idle.freeSockets).flat()[0]!;
    const idleClosed = new Promise<void>((resolve) => idleSocket.once('close', () => resolve()));

    // A request in flight: headers and half of the body sent when the signal arrives.
    const body = JSON.stringify({ email: 'ninguem@loja.com.br', password: 'qualquer-coisa' });
    let finishInFlight = () => {};
    const inFlight = new Promise<Answer>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/auth/v1/login',
          agent: false,
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, body: text, connection: res.headers.connection }),
          );
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, 10));
      finishInFlight = () => req.end(body.slice(10));
    });

    const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
      child.once('exit', (code) => resolve({ code, at: Date.now() })),
    );
    const signalledAt = Date.now();
    child.kill('SIGTERM');

    // Readiness turns 503 at once (on an already open keep-alive connection).
    let ready: Answer;
    do ready = await request(agent, port, { path: '/api/ready' });
    while (ready.status === 200);
    expect(ready.status).toBe(503);
    expect(JSON.parse(ready.body)).toMatchObject({ status: 'unavailable' });
    expect(ready.connection).toBe('close');

    // Requests sent while draining are all answered, none reset.
    const burst = await Promise.allSettled(
      Array.from({ length: 30 }, (_, index) =>
        request(agent, port, { path: index % 2 ? '/api/health' : '/api/auth/v1/me' }),
      ),
    );
    expect(burst.filter((result) => result.status === 'rejected')).toEqual([]);
    const statuses = burst.map((result) => (result.status === 'fulfilled' ? result.value.status : 0));
    expect(statuses.every((status) => status === 200 || status === 401)).toBe(true);

    // The request that was in flight gets its real answer.
    finishInFlight();
    const answer = await inFlight;
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.body)).toEqual({
      message: 'E-mail ou senha inválidos.',
      code: 'UNAUTHENTICATED',
    });

    // The idle keep-alive connection is closed by the server, and the process is gone within 10 s.
    await idleClosed;
    const exit = await exited;
    expect(exit.code).toBe(0);
    expect(exit.at - signalledAt).toBeLessThan(10_000);
    agent.destroy();
    idle.destroy();
  });
});
