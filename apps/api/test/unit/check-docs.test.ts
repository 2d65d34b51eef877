import { describe, expect, it } from 'vitest';
import { isRepoPath, missingPaths, namedPaths, pathFinder } from '../../../../scripts/check-docs.ts';

const FOLDERS = new Set([
  'apps',
  'packages',
  'docs',
  'scripts',
  'e2e',
  'domain',
  'lib',
  'features',
  'components',
]);
const REPO = [
  'apps/api/src/domain/stock/stock-rules.ts',
  'apps/web/src/features/counts/components/typed-total.tsx',
  'packages/contracts/src/decimal.ts',
  'docs/decisions/0020-lint-guards-the-layering.md',
  'scripts/check-docs.ts',
];
const exists = pathFinder(REPO);
const missing = (markdown: string, doc = 'docs/architecture.md') =>
  missingPaths(markdown, doc, exists, FOLDERS).map((named) => `${named.line}:${named.path}`);

describe('check-docs: the paths the documentation names exist', () => {
  it('reports only the missing path, with its line', () => {
    const text = [
      '# Título',
      'As regras em `apps/api/src/domain/stock/stock-rules.ts` e o leitor em `packages/contracts/src/decimal.ts`.',
      '',
      'O antigo `apps/api/src/domain/stock/valuation.ts` não existe mais.',
    ].join('\n');
    expect(missing(text)).toEqual(['4:apps/api/src/domain/stock/valuation.ts']);
  });

  it('finds a path written below its package or feature by how it ends', () => {
    expect(missing('`domain/stock/stock-rules.ts`, `components/typed-total.tsx`, `stock-rules.ts`')).toEqual(
      [],
    );
    expect(missing('`domain/stock/kardex.ts` e `kardex.ts`')).toEqual([
      '1:domain/stock/kardex.ts',
      '1:kardex.ts',
    ]);
  });

  it('resolves markdown links against the document folder, anchors dropped', () => {
    const text =
      '[camadas](0020-lint-guards-the-layering.md#regra) e [sumiu](0099-nada.md) e [site](https://a.b/c.md)';
    expect(missing(text, 'docs/decisions/0021-first-visit-and-start.md')).toEqual(['1:0099-nada.md']);
    expect(missing('[camadas](decisions/0020-lint-guards-the-layering.md)', 'docs/architecture.md')).toEqual(
      [],
    );
  });

  it('accepts a file the text says was removed, and skips code blocks', () => {
    const text = [
      '`valuation.ts` (arquivo removido em 2dec559)',
      '```ts',
      "import x from './nada.ts';",
      '```',
    ];
    expect(missing(text.join('\n'))).toEqual([]);
  });

  it.each([
    ['apps/web/src/lib/api.ts', true],
    ['domain/counts/', true],
    ['docs/decisions', true],
    ['posting-pipeline.ts', true],
    ['features/<feature>/<feature>-api.ts', false],
    ['db/migrations/NNN-nome.ts', false],
    ['**/*.test.ts', false],
    ['/api/stock/out/v1', false],
    ['@armazem/contracts/decimal', false],
    ['https://example.com/a.ts', false],
    ['dd/mm/aaaa', false],
    ['entrada/saída', false],
    ['npm run validate', false],
    ['bench-results.md', false],
    ['.ts', false],
  ])('%s is a repository path: %s', (text, expected) => {
    expect(isRepoPath(text, FOLDERS)).toBe(expected);
  });

  it('reads a path once per backticked span, with the line it is on', () => {
    const found = namedPaths('a\n`lib/a.ts` e `lib/b.ts`\n', FOLDERS);
    expect(found).toEqual([
      { line: 2, path: 'lib/a.ts', link: false },
      { line: 2, path: 'lib/b.ts', link: false },
    ]);
  });
});
