// `npm run dev`: the API with --watch on :3000 and Vite on :5173 (which proxies /api to the API).
// Ctrl+C (or SIGTERM) stops both; if either one dies, the other is stopped too, so nothing is left listening.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [major = 0] = process.versions.node.split('.').map(Number);
if (major < 24) {
  console.error(`O Armazém precisa do Node.js 24 ou mais recente (encontrado: ${process.versions.node}).`);
  process.exit(1);
}

const apiPort = process.env.API_PORT ?? '3000';
const webPort = process.env.WEB_PORT ?? '5173';
const children: ChildProcess[] = [];
let stopping = false;

function start(name: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): ChildProcess {
  // Each child leads its own process group, so stopping it also stops whatever it started.
  const child = spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: 'inherit',
    detached: true,
  });
  child.on('exit', (code, signal) => {
    if (stopping) return;
    console.error(
      `\n${name} terminou (${signal ?? `código ${code}`}); encerrando o ambiente de desenvolvimento.`,
    );
    stop(code === 0 ? 1 : (code ?? 1));
  });
  children.push(child);
  return child;
}

function stop(exitCode: number) {
  if (stopping) return;
  stopping = true;
  const running = children.filter((child) => child.exitCode === null && child.signalCode === null);
  for (const child of running) {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  let left = running.length;
  if (left === 0) process.exit(exitCode);
  for (const child of running)
    child.once('exit', () => {
      left -= 1;
      if (left === 0) process.exit(exitCode);
    });
  // The API drains for up to 10 s on SIGTERM; past that, force both down.
  setTimeout(() => {
    for (const child of running)
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    process.exit(exitCode);
  }, 12_000).unref();
}

process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

start('A API', ['--watch', '--watch-preserve-output', 'apps/api/src/server.ts'], root, {
  NODE_ENV: process.env.NODE_ENV ?? 'development',
  HOST: process.env.HOST ?? '127.0.0.1',
  PORT: apiPort,
  // Links in e-mails and the same-origin check follow the address people open: Vite's.
  PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${webPort}`,
});
start(
  'O Vite',
  [path.join(root, 'node_modules/vite/bin/vite.js'), '--port', webPort, '--strictPort'],
  path.join(root, 'apps/web'),
  { API_PORT: apiPort },
);
console.log(
  `\nArmazém em desenvolvimento: http://localhost:${webPort} (API em :${apiPort}). Ctrl+C encerra.\n`,
);
