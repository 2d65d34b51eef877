import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The API's boundaries (eslint.config.js, docs/decisions/0082) are checked by the same lint `npm run validate` runs:
// each case lints a small file placed (virtually) inside apps/api/src and says whether the boundary stops it.

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const src = path.join(repoRoot, 'apps/api/src');
const BOUNDARY_RULES = ['import-x/no-restricted-paths', 'armazem/pure-rules', 'no-restricted-imports'];

let eslint: ESLint;
// The first lint loads the config and its plugins: seconds on a busy machine, paid once here.
beforeAll(async () => {
  eslint = new ESLint({ cwd: repoRoot });
  await eslint.lintText('export {};\n', { filePath: path.join(src, 'routes/warm-up.ts') });
}, 60_000);

/** The boundary messages for a file at `file` (relative to apps/api/src) that imports `from`. */
async function boundaryErrors(file: string, from: string): Promise<string[]> {
  const code = `import * as imported from '${from}';\n\nexport default imported;\n`;
  const [result] = await eslint.lintText(code, { filePath: path.join(src, file) });
  return result!.messages
    .filter((message) => message.ruleId !== null && BOUNDARY_RULES.includes(message.ruleId))
    .map((message) => `${message.ruleId}: ${message.message}`);
}

describe('routes import services only', () => {
  it('refuses a route importing a repository', async () => {
    const errors = await boundaryErrors('routes/wipe.ts', '../domain/stock/ledger-repository.ts');
    expect(errors).toEqual([expect.stringContaining('Rotas só importam serviços')]);
  });

  it('refuses a route importing db/', async () => {
    expect(await boundaryErrors('routes/wipe.ts', '../db/database.ts')).not.toEqual([]);
  });

  it('lets a route import a service and lib/', async () => {
    expect(await boundaryErrors('routes/wipe.ts', '../domain/stock/stock-service.ts')).toEqual([]);
    expect(await boundaryErrors('routes/wipe.ts', '../lib/errors.ts')).toEqual([]);
  });
});

describe('a feature reaches another only through its services or domain/shared', () => {
  it("refuses another feature's repository or internal file", async () => {
    const repository = await boundaryErrors('domain/counts/x.ts', '../stock/ledger-repository.ts');
    expect(repository).toEqual([expect.stringContaining('Uma feature só usa outra pelo serviço dela')]);
    expect(await boundaryErrors('domain/counts/x.ts', '../stock/posting-pipeline.ts')).not.toEqual([]);
  });

  it('lets it import its own files, another feature’s services, domain/shared and lib/', async () => {
    expect(await boundaryErrors('domain/counts/x.ts', './counts-repository.ts')).toEqual([]);
    expect(await boundaryErrors('domain/counts/x.ts', '../stock/stock-public-service.ts')).toEqual([]);
    expect(await boundaryErrors('domain/counts/x.ts', '../shared/stock-rules.ts')).toEqual([]);
    expect(await boundaryErrors('domain/counts/x.ts', '../../lib/uploads/sheet-reader.ts')).toEqual([]);
  });

  it('keeps domain/shared below every feature', async () => {
    expect(await boundaryErrors('domain/shared/x.ts', '../stock/stock-service.ts')).not.toEqual([]);
  });
});

describe('rules files are pure at any depth', () => {
  it('refuses a rules file reaching kysely through a lib file (depth 2)', async () => {
    const errors = await boundaryErrors('domain/counts/x-rules.ts', '../../lib/text-search.ts');
    expect(errors).toEqual([expect.stringMatching(/armazem\/pure-rules: .*chega a kysely/)]);
  });

  it('refuses a rules file reaching db/ or a worker through intermediate files', async () => {
    expect(await boundaryErrors('domain/counts/x-rules.ts', '../../lib/audit.ts')).toEqual([
      expect.stringContaining('puras em qualquer profundidade'),
    ]);
    expect(await boundaryErrors('domain/counts/x-rules.ts', '../../lib/uploads/sheet-reader.ts')).toEqual([
      expect.stringContaining('worker_threads'),
    ]);
  });

  it('lets a rules file import pure modules: lib/text.ts, shared rules, another rules file, contracts', async () => {
    expect(await boundaryErrors('domain/counts/x-rules.ts', '../../lib/text.ts')).toEqual([]);
    expect(await boundaryErrors('domain/counts/x-rules.ts', '../shared/stock-rules.ts')).toEqual([]);
    expect(await boundaryErrors('domain/counts/x-rules.ts', './counts-rules.ts')).toEqual([]);
    expect(await boundaryErrors('domain/counts/x-rules.ts', '@armazem/contracts/decimal')).toEqual([]);
  });
});
