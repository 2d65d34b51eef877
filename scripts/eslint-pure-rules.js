import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

// armazem/pure-rules — business rules (`*-rules.ts`) are pure AT ANY DEPTH: following every import that runs (not
// `import type`, which vanishes when the code runs), no path may reach the database, the SQL builder, HTTP or a
// worker thread. One look one import deep is not enough: a rules file that imports lib/x.ts, which imports kysely,
// is as impure as one that imports kysely itself (issue 35, docs/decisions/0082).

/** Packages a pure module never loads, and folders of the API it never reaches. */
const FORBIDDEN_PACKAGES = [
  /^kysely(\/|$)/,
  /^fastify(\/|$)/,
  /^@fastify\//,
  /^pg(\/|$)/,
  /^(node:)?sqlite$/,
  /^(node:)?worker_threads$/,
];
const FORBIDDEN_FOLDERS = [`${path.sep}apps${path.sep}api${path.sep}src${path.sep}db${path.sep}`];

const IMPORT = /^\s*(?:import|export)\s+(type\s+)?([^'";]*?)\s*from\s*['"]([^'"]+)['"]/gm;
const BARE_IMPORT = /^\s*import\s*['"]([^'"]+)['"]/gm;
const DYNAMIC_IMPORT = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/** `{ type A, type B }` loads nothing either. */
const onlyTypes = (clause) =>
  /^\{[^}]*\}$/.test(clause.trim()) &&
  clause
    .replace(/[{}]/g, '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean)
    .every((name) => name.startsWith('type '));

/** The modules a source text loads when it runs, as written. */
export function runtimeImports(text) {
  const found = [];
  for (const match of text.matchAll(IMPORT)) {
    if (match[1] || onlyTypes(match[2])) continue;
    found.push(match[3]);
  }
  for (const match of text.matchAll(BARE_IMPORT)) found.push(match[1]);
  for (const match of text.matchAll(DYNAMIC_IMPORT)) found.push(match[1]);
  return found;
}

function resolveRelative(from, spec) {
  const base = path.resolve(path.dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}.js`, path.join(base, 'index.ts')]) {
    if (existsSync(candidate) && !candidate.endsWith(path.sep)) return candidate;
  }
  return null;
}

const forbiddenFile = (file) => FORBIDDEN_FOLDERS.some((folder) => file.includes(folder));
const forbiddenPackage = (spec) => FORBIDDEN_PACKAGES.some((pattern) => pattern.test(spec));

/** Per file: null when pure, or the chain of modules that reaches something impure. Lives for one lint run. */
const verdicts = new Map();

function impurePath(file, visiting) {
  if (verdicts.has(file)) return verdicts.get(file);
  if (visiting.has(file)) return null;
  visiting.add(file);
  let verdict = null;
  for (const spec of runtimeImports(readFileSync(file, 'utf8'))) {
    verdict = impurityOf(file, spec, visiting);
    if (verdict) break;
  }
  visiting.delete(file);
  verdicts.set(file, verdict);
  return verdict;
}

/** What an import of `spec` from `file` reaches that is impure, as a chain of names, or null. */
function impurityOf(file, spec, visiting) {
  if (!spec.startsWith('.')) return forbiddenPackage(spec) ? [spec] : null;
  const target = resolveRelative(file, spec);
  if (!target) return null;
  const name = path.relative(path.dirname(file), target);
  if (forbiddenFile(target)) return [name];
  const deeper = impurePath(target, visiting);
  return deeper ? [path.basename(target), ...deeper] : null;
}

export const pureRules = {
  meta: {
    type: 'problem',
    docs: { description: 'Regras (*-rules.ts) são puras em qualquer profundidade.' },
    schema: [],
    messages: {
      impure:
        'Regras (*-rules.ts) são puras em qualquer profundidade: este import chega a {{what}} ({{chain}}). ' +
        'Separe a parte pura num arquivo próprio; banco, HTTP e workers ficam no repositório e no serviço.',
    },
  },
  create(context) {
    const file = context.filename;
    verdicts.delete(file);
    const check = (node) => {
      if (!node.source || typeof node.source.value !== 'string') return;
      if (node.importKind === 'type' || node.exportKind === 'type') return;
      const specifiers = node.specifiers ?? [];
      if (
        specifiers.length > 0 &&
        specifiers.every((s) => s.importKind === 'type' || s.exportKind === 'type')
      )
        return;
      const chain = impurityOf(file, node.source.value, new Set([file]));
      if (chain) {
        context.report({
          node: node.source,
          messageId: 'impure',
          data: { what: chain.at(-1), chain: [node.source.value, ...chain.slice(1)].join(' → ') },
        });
      }
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: (node) => check({ source: node.source }),
    };
  },
};

export default { rules: { 'pure-rules': pureRules } };
