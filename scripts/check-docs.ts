// Part of `npm run validate`: every repository path that README.md and docs/**/*.md name exists, so a file moved or
// deleted in code cannot leave the documentation pointing at nothing (docs/decisions/0080).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The folders whose subfolders a path may start with: the repository and each package's sources. */
const SOURCE_ROOTS = ['', 'apps/api/src', 'apps/web/src', 'packages/contracts/src', 'apps/api', 'apps/web'];

/** File extensions that make a backticked name a file path (with a slash in it). */
const EXTENSIONS = /\.(?:ts|tsx|js|mjs|cjs|json|md|css|html|sh|sql|yml|yaml|svg|png|txt)$/;

/** A file named without its folder: source files only (a bare `.md` or `.json` name is often outside the repository). */
const BARE_SOURCE = /^[\w.-]*\w\.(?:ts|tsx|css)$/;

/** Placeholders and globs: `features/<feature>/…`, `migrations/NNN-…`, `*.test.ts`, `{a,b}`, `…`. */
const PLACEHOLDER = /[*<>{}…?$]|\bN{2,}\b|\bX{3,}\b/;

/** A path whose deletion the document records on purpose: `old.ts` (arquivo removido em …). */
const REMOVED = /^\s*\((?:arquivo |pasta )?removid[oa]/i;

export interface NamedPath {
  /** 1-based line in the document */
  line: number;
  /** as written, without a trailing `#anchor` */
  path: string;
  /** a markdown link resolves against the document's folder only */
  link: boolean;
}

/** Whether a backticked text names a repository path, given the first folders a path can start with. */
export function isRepoPath(text: string, firstFolders: ReadonlySet<string>): boolean {
  if (/\s/.test(text) || PLACEHOLDER.test(text)) return false;
  if (!text.includes('/')) return BARE_SOURCE.test(text);
  if (/^[a-z][a-z0-9+.-]*:/i.test(text) || text.startsWith('/') || text.startsWith('@')) return false;
  const clean = text.replace(/^\.\//, '');
  const [first = ''] = clean.split('/');
  if (first === '..' || first === '.') return EXTENSIONS.test(clean);
  return firstFolders.has(first) || EXTENSIONS.test(clean.replace(/\/$/, ''));
}

/** Every repository path a markdown text names: backticked paths and links to relative files (code blocks skipped). */
export function namedPaths(markdown: string, firstFolders: ReadonlySet<string>): NamedPath[] {
  const found: NamedPath[] = [];
  let fenced = false;
  markdown.split('\n').forEach((text, index) => {
    if (/^\s*(```|~~~)/.test(text)) {
      fenced = !fenced;
      return;
    }
    if (fenced) return;
    for (const match of text.matchAll(/`([^`]+)`/g)) {
      const span = (match[1] ?? '').trim();
      const after = text.slice((match.index ?? 0) + match[0].length);
      if (isRepoPath(span, firstFolders) && !REMOVED.test(after)) {
        found.push({ line: index + 1, path: span.replace(/#.*$/, ''), link: false });
      }
    }
    // links outside code spans: drop the spans first so `[a](b)` inside backticks is not read as a link
    for (const match of text.replace(/`[^`]*`/g, '').matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
      const target = (match[1] ?? '').replace(/#.*$/, '');
      if (target === '' || /^[a-z][a-z0-9+.-]*:/i.test(target) || PLACEHOLDER.test(target)) continue;
      found.push({ line: index + 1, path: decodeURI(target), link: true });
    }
  });
  return found;
}

/**
 * Whether a named path exists: a link, or a path starting with `./` or `../`, from the document's folder; any other
 * path as the end of a repository path, so `domain/stock/kardex.ts` (below `apps/api/src/`) and
 * `components/typed-total.tsx` (in the feature the row is about) are found.
 */
export type PathFinder = (named: NamedPath, docDir: string) => boolean;

export function pathFinder(repoPaths: Iterable<string>): PathFinder {
  const full = new Set<string>();
  const tails = new Set<string>();
  for (const file of repoPaths) {
    const parts = file.split('/');
    for (let end = 1; end <= parts.length; end++) {
      full.add(parts.slice(0, end).join('/'));
      for (let start = 0; start < end; start++) tails.add(parts.slice(start, end).join('/'));
    }
  }
  return (named, docDir) => {
    const clean = named.path.replace(/\/$/, '').replace(/^\.\/(?=.)/, '');
    if (named.link || /^\.\.?\//.test(named.path))
      return full.has(path.posix.normalize(path.posix.join(docDir, clean)));
    return tails.has(clean) || full.has(path.posix.normalize(path.posix.join(docDir, clean)));
  };
}

/** The paths of `markdown` (a document at `docPath`, relative to the repository) that `exists` does not find. */
export function missingPaths(
  markdown: string,
  docPath: string,
  exists: PathFinder,
  firstFolders: ReadonlySet<string>,
): NamedPath[] {
  const docDir = path.posix.dirname(docPath);
  return namedPaths(markdown, firstFolders).filter((named) => !exists(named, docDir));
}

/** The first folders of the repository and of each package's sources: `apps`, `domain`, `features`, `lib`… */
function firstFoldersOf(base: string): Set<string> {
  const folders = new Set<string>();
  for (const sourceRoot of SOURCE_ROOTS) {
    const dir = path.join(base, sourceRoot);
    if (!fs.existsSync(dir)) continue;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory() && entry.name !== 'node_modules' && entry.name !== '.git')
        folders.add(entry.name);
    }
  }
  return folders;
}

function documents(base: string): string[] {
  const docs = fs
    .readdirSync(path.join(base, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.md'))
    .map((file) => path.posix.join('docs', file.split(path.sep).join('/')));
  return ['README.md', ...docs.sort()];
}

function main() {
  const folders = firstFoldersOf(root);
  // tracked files and new ones not yet committed (not the ignored: node_modules, dist, data)
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  });
  const exists = pathFinder(
    listed.split('\n').filter((file) => file && fs.existsSync(path.join(root, file))),
  );
  const problems = documents(root).flatMap((doc) =>
    missingPaths(fs.readFileSync(path.join(root, doc), 'utf8'), doc, exists, folders).map(
      (named) => `${doc}:${named.line}: caminho inexistente \`${named.path}\``,
    ),
  );
  if (problems.length > 0) {
    console.error(problems.join('\n'));
    console.error(
      `\n${problems.length} caminho(s) citado(s) na documentação não existe(m): corrija a referência ou, se o arquivo` +
        ' saiu de propósito, escreva "(arquivo removido em …)" logo depois dele.',
    );
    process.exit(1);
  }
  console.log('Documentação: todos os caminhos citados existem.');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
