import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    admin: { email: string; password: string };
  }
}

const root = path.resolve(import.meta.dirname, '..');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('sem porta')),
      );
    });
  });
}

/** Builds the production web app, starts the real server on a fresh database and creates the admin. */
export default async function setup(project: TestProject) {
  // NODE_ENV=production: vitest sets it to "test", which would build the development runtime (bigger, slower) and
  // leave it in dist for `npm start` to serve.
  const build = spawnSync('npm', ['run', 'build', '-w', '@armazem/web'], {
    cwd: root,
    stdio: 'pipe',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (build.status !== 0)
    throw new Error(`build falhou:\n${build.stdout.toString()}\n${build.stderr.toString()}`);

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'armazem-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    LOGIN_RATE_LIMIT: '1000',
    PUBLIC_URL: baseUrl,
  };
  delete env.DATABASE_URL;
  const server: ChildProcess = spawn(process.execPath, ['apps/api/src/server.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });

  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      const response = await fetch(`${baseUrl}/api/ready`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('o servidor não ficou pronto em 30 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  const admin = { email: 'admin@e2e.com.br', password: 'senha-admin-123' };
  const registered = await fetch(`${baseUrl}/api/auth/v1/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Administradora E2E', ...admin }),
  });
  if (registered.status !== 201) throw new Error(`cadastro do admin falhou: ${await registered.text()}`);

  project.provide('baseUrl', baseUrl);
  project.provide('admin', admin);

  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
