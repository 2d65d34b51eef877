// Part of `npm run validate`: every runtime dependency of the API and the web app is used by what runs in production
// (the server's sources, or the build that `npm start` runs), so `npm ci --omit=dev` installs nothing idle and nothing
// that a production start needs is missing from it (docs/decisions/0059).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Every file under `dir` whose name matches `pattern`. */
function filesUnder(dir: string, pattern: RegExp): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && pattern.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** Which of `names` no file mentions as a module specifier (import, dynamic import, CSS @import / @plugin). */
function unused(names: string[], files: string[]): string[] {
  const text = files.map((file) => fs.readFileSync(file, 'utf8')).join('\n');
  return names.filter((name) => {
    const quoted = new RegExp(`['"]${name.replace(/[/.]/g, '\\$&')}(/[^'"]*)?['"]`);
    return !quoted.test(text);
  });
}

const workspaces = [
  { dir: 'apps/api', sources: ['apps/api/src'], pattern: /\.ts$/ },
  {
    dir: 'apps/web',
    sources: ['apps/web/src', 'apps/web/vite.config.ts', 'apps/web/preact-aliases.ts'],
    pattern: /\.(ts|tsx|css)$/,
  },
];

const problems: string[] = [];
for (const workspace of workspaces) {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, workspace.dir, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  const files = workspace.sources.flatMap((source) => {
    const full = path.join(root, source);
    return fs.statSync(full).isDirectory() ? filesUnder(full, workspace.pattern) : [full];
  });
  for (const name of unused(Object.keys(pkg.dependencies ?? {}), files)) {
    problems.push(
      `${workspace.dir}: "${name}" está em dependencies, mas nada que roda em produção o importa`,
    );
  }
}
if (problems.length > 0) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log('dependências de produção: todas usadas');
