// `npm start`: builds the web app when it is missing or older than its sources, then serves API and web on one port.
// The build runs to its end as a child and exits; this process then turns into the server (execve: same pid, same
// terminal, Ctrl+C and SIGTERM reach it), so no builder or extra node stays alive. npm itself, when this is started
// through `npm start`, stays as the parent (docs/decisions/0021, 0029).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [major = 0] = process.versions.node.split('.').map(Number);
if (major < 24) {
  console.error(`O Armazém precisa do Node.js 24 ou mais recente (encontrado: ${process.versions.node}).`);
  process.exit(1);
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

const builtIndex = path.join(root, 'apps/web/dist/index.html');
const sources = ['apps/web/src', 'apps/web/public', 'packages/contracts/src'].map((dir) =>
  path.join(root, dir),
);
const stale =
  !fs.existsSync(builtIndex) || Math.max(...sources.map(newestMtime)) > fs.statSync(builtIndex).mtimeMs;
if (stale && !process.env.WEB_DIST) {
  console.log('Gerando a interface web (apenas na primeira vez ou após mudanças)...');
  // Vite straight from node, not through `npm run build`: one npm start-up less on the first run.
  const vite = path.join(root, 'node_modules/vite/bin/vite.js');
  const result = spawnSync(process.execPath, [vite, 'build'], {
    cwd: path.join(root, 'apps/web'),
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// A young generation kept at 2 MB instead of growing to V8's 16 MB per semi-space: about 25 MB less resident at rest,
// for more (short) scavenges under load (docs/decisions/0021).
const v8Flags = ['--max-semi-space-size=2', '--semi-space-growth-factor=1'];
const server = path.join(root, 'apps/api/src/server.ts');

// Node's compile cache keeps the type-stripped source and V8's code of every module (keyed by content, so an edit is
// simply compiled again): a server started from it never loads the TypeScript stripper (≈ 17 MB resident, a
// WebAssembly module) and compiles less. Warmed once, in a child that only imports the server (without starting it), so that even the first
// server starts from it (docs/decisions/0029).
const compileCache = path.join(root, 'node_modules/.cache/armazem-compile');
if (stale || !fs.existsSync(compileCache)) {
  spawnSync(process.execPath, ['--input-type=module', '-e', `await import(${JSON.stringify(server)})`], {
    env: { ...process.env, NODE_COMPILE_CACHE: compileCache },
    stdio: 'inherit',
  });
}

// glibc's allocator, as the server needs it (read by the new process image at execve; ignored elsewhere): two arenas
// instead of one per thread that ever allocated (each sheet worker left its own behind), and blocks of 128 KB or more
// always mapped on their own, so the multi-megabyte buffers a 50,000-row batch passes to the database go back to the
// system when freed instead of pinning the heap (a sheet import peaked at 283 MB and left 237 MB; now 234 / 157 MB:
// docs/decisions/0035). A value the person starting the server set wins.
const malloc = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' };
const env = { ...malloc, ...process.env, NODE_COMPILE_CACHE: compileCache };
if (process.platform !== 'win32' && process.execve) {
  // Same pid, a fresh node: nothing of this script (nor the stripper that read it) stays in memory.
  process.execve(process.execPath, [process.execPath, ...v8Flags, ...process.execArgv, server], env);
}
// Windows has no execve: the server runs in this very process, with the same flags set before its modules load.
for (const flag of v8Flags) v8.setFlagsFromString(flag);
const { run } = await import('../apps/api/src/server.ts');
run();
