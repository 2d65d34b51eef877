import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freshPostgresDatabase, TEST_DATABASE_URL } from './helper.ts';

const serverEntry = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/server.ts');

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Where a server process keeps its data: a temp dir (SQLite) or a new PostgreSQL database; `drop` removes it. */
export interface ServerStorage {
  dataDir: string;
  databaseUrl: string | undefined;
  drop: () => Promise<void>;
}

export async function serverStorage(): Promise<ServerStorage> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'armazem-server-'));
  const database = TEST_DATABASE_URL ? await freshPostgresDatabase(TEST_DATABASE_URL) : null;
  return {
    dataDir,
    databaseUrl: database?.url,
    drop: async () => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      await database?.drop();
    },
  };
}

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  exited: Promise<number | null>;
  kill: () => void;
}

/** The real server process (`node apps/api/src/server.ts`) on `storage`, once it says it is ready. */
export async function startServerProcess(
  storage: ServerStorage,
  extraEnv: NodeJS.ProcessEnv = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: storage.dataDir,
    WEB_DIST: storage.dataDir,
    LOG_LEVEL: 'info',
    NODE_ENV: 'production',
    ...extraEnv,
  };
  if (storage.databaseUrl) env.DATABASE_URL = storage.databaseUrl;
  else delete env.DATABASE_URL;
  const child = spawn(process.execPath, [serverEntry], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Armazém pronto')) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then((code) =>
      reject(new Error(`o servidor saiu antes de ficar pronto (${code}): ${output}`)),
    );
  });
  return {
    child,
    port,
    exited,
    kill: () => {
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}

export interface HttpAnswer {
  status: number;
  body: Buffer;
  headers: http.IncomingHttpHeaders;
}

/**
 * One request on a connection of its own; `sent` resolves once the whole request is written to the socket (the
 * server has it, or has it waiting in its backlog), `answer` with the answer or the socket's error.
 */
export function send(
  port: number,
  options: { method?: string; path: string; headers?: http.OutgoingHttpHeaders; body?: Buffer | string },
): { sent: Promise<void>; answer: Promise<HttpAnswer> } {
  let markSent = () => {};
  const sent = new Promise<void>((resolve) => (markSent = resolve));
  const answer = new Promise<HttpAnswer>((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        agent: false,
        method: options.method ?? 'GET',
        path: options.path,
        headers: options.headers,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks), headers: res.headers }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', (error) => {
      markSent();
      reject(error);
    });
    req.on('finish', markSent);
    req.end(options.body);
  });
  return { sent, answer };
}

/** A JSON call, answered with its status and parsed body. */
export async function call(
  port: number,
  cookie: string | undefined,
  method: string,
  pathname: string,
  payload?: unknown,
): Promise<{ status: number; json: unknown; setCookie: string[] }> {
  const headers: http.OutgoingHttpHeaders = cookie ? { cookie } : {};
  let body: string | undefined;
  if (payload !== undefined) {
    body = JSON.stringify(payload);
    headers['content-type'] = 'application/json';
  }
  const answer = await send(port, { method, path: pathname, headers, body }).answer;
  const text = answer.body.toString();
  return {
    status: answer.status,
    json: text && answer.headers['content-type']?.includes('json') ? JSON.parse(text) : text,
    setCookie: answer.headers['set-cookie'] ?? [],
  };
}
