import { readdirSync } from 'node:fs';
import path from 'node:path';
import comments from '@eslint-community/eslint-plugin-eslint-comments/configs';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import armazem from './scripts/eslint-pure-rules.js';

// The layering rule of docs/architecture.md (decision 0020), enforced here so that `npm run lint` — and therefore
// `npm run validate` — fails when a layer reaches where it must not.

const root = import.meta.dirname;
const web = 'apps/web/src';
const api = 'apps/api/src';

// Test files: describe/it blocks are long by nature, and a test file is read one case at a time.
const TESTS = ['**/*.test.{ts,tsx}'];

// Every folder under features/ is a feature; a new one is covered without touching this file.
const WEB_FEATURES = readdirSync(path.join(root, web, 'features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const WEB_SHARED = ['components', 'lib', 'config', 'stores'].map((dir) => `${web}/${dir}`);

const webZones = [
  // A feature never imports another feature: what two features share moves down to components/ or lib/.
  ...WEB_FEATURES.map((feature) => ({
    target: `${web}/features/${feature}`,
    from: `${web}/features`,
    except: [`./${feature}`],
    message: 'Uma feature não importa outra: mova o que é compartilhado para components/ ou lib/.',
  })),
  // app → features → shared. The one upward seam is app/hooks.ts, the typed Redux hooks: it imports only the
  // *types* of the root store, so it adds no runtime dependency on app/.
  {
    target: `${web}/features`,
    from: `${web}/app`,
    except: ['./hooks.ts'],
    message: 'Features não importam app/ (só os hooks tipados de app/hooks.ts).',
  },
  {
    target: WEB_SHARED,
    from: `${web}/app`,
    except: ['./hooks.ts'],
    message: 'components/, lib/, config/ e stores/ não importam app/ (só os hooks tipados de app/hooks.ts).',
  },
  {
    target: WEB_SHARED,
    from: `${web}/features`,
    message: 'components/, lib/, config/ e stores/ não importam features: o compartilhado fica embaixo.',
  },
];

// Every folder under domain/ is a feature, except shared/, the small kernel several features genuinely share
// (domain/shared/README.md); a new feature is covered without touching this file (docs/decisions/0082).
const API_FEATURES = readdirSync(path.join(root, api, 'domain'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== 'shared')
  .map((entry) => entry.name);
const DOMAIN = `${root}/${api}/domain`;
/** A feature's public face: its services (`*-service.ts`), the functions the app decorates and other features call. */
const SERVICES = `${DOMAIN}/*/*-service.ts`;

const apiZones = [
  // A feature reaches another only through its services; what several share lives in domain/shared/.
  ...API_FEATURES.map((feature) => ({
    target: `${api}/domain/${feature}`,
    from: [`${DOMAIN}/**`],
    except: [`${DOMAIN}/${feature}/**`, `${DOMAIN}/shared/**`, SERVICES],
    message:
      'Uma feature só usa outra pelo serviço dela (*-service.ts) ou pelo que está em domain/shared/: ' +
      'repositórios e arquivos internos são da própria feature.',
  })),
  {
    target: `${api}/domain/shared`,
    from: [`${DOMAIN}/**`],
    except: [`${DOMAIN}/shared/**`],
    message: 'domain/shared/ fica embaixo das features: não importa nenhuma delas.',
  },
  {
    target: `${api}/lib`,
    from: [`${root}/${api}/domain/**`, `${root}/${api}/routes/**`, `${root}/${api}/plugins/**`],
    message: 'lib/ fica embaixo de tudo: não importa domain/, routes/ nem plugins/.',
  },
  // Routes call services and nothing under them.
  {
    target: `${api}/routes`,
    from: [`${DOMAIN}/**`],
    except: [SERVICES],
    message: 'Rotas só importam serviços (domain/*/*-service.ts), lib/ e contratos: nunca repositórios.',
  },
  {
    target: `${api}/routes`,
    from: `${api}/db`,
    message: 'Rotas chegam ao banco pelos serviços decorados no app (app.<feature>), nunca por db/.',
  },
  {
    target: `${api}/domain/*/*-rules.ts`,
    from: `${root}/${api}/db/**`,
    message: 'Regras (*-rules.ts) são puras: nada de db/.',
  },
];

// ─── Temporary lists ─────────────────────────────────────────────────────────────────────────────────────────────────
// Files that broke a rule when the rule arrived (issue 9) and are being reworked on other branches. Each list turns
// off ONE rule for the files named, nothing else. Shrink them as the files are fixed; the goal is empty lists and
// then deleting this block. Adding a file here needs the same review as changing a rule.

/** import-x/no-cycle: modules that are part of an import circle today (none: keep it that way). */
const PENDING_CYCLES = [];

/** import-x/no-restricted-paths: routes importing db/, features importing another feature or app/. */
const PENDING_LAYERING = [];

/** no-restricted-syntax: routes still touching app.db / app.dialect. */
const PENDING_ROUTES_DB = [];

/** max-lines: source files over 300 lines (blank lines and comments not counted). */
const PENDING_FILE_SIZE = [];

/** max-lines-per-function: files with a function over 80 lines (the function and its length in the comment). */
const PENDING_FUNCTION_SIZE = [];
// ──────────────────────────────────────────────────────────────────────────────────────────────────────────────────────

const pending = (files, rule) => (files.length > 0 ? [{ files, rules: { [rule]: 'off' } }] : []);

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'apps/web/public/**'] },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  comments.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error', 'log'] }],
      // An exception to any rule says why, on the same comment: `// eslint-disable-next-line rule -- reason`.
      '@eslint-community/eslint-comments/require-description': ['error', { ignore: [] }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules, 'no-console': 'error' },
  },

  // ─── Imports: no circles, and each layer imports only downwards ───
  {
    files: ['**/*.{ts,tsx,js}'],
    plugins: { 'import-x': importX },
    settings: {
      // Explicit `.ts` / `.tsx` extensions resolve as plain files; `@armazem/contracts/*` resolves through the
      // workspace symlink and the package's `exports` map (`./*` → `./src/*.ts`).
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.json'],
          conditionNames: ['import', 'module', 'browser', 'node', 'default'],
        }),
      ],
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      // Our workspace packages are project code, not external modules: a circle through them is still a circle.
      'import-x/internal-regex': '^@armazem/',
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: [...webZones, ...apiZones] }],
    },
  },

  // ─── Server routes: reach the database only through the services decorated on the app ───
  {
    files: [`${api}/routes/**/*.ts`],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'MemberExpression[object.name=/^(app|fastify|instance)$/][property.name=/^(db|dialect)$/]',
          message: 'Rotas não usam app.db/app.dialect: chame o serviço da feature (app.<feature>.<ação>).',
        },
        {
          selector: "MemberExpression[object.property.name='server'][property.name=/^(db|dialect)$/]",
          message: 'Rotas não usam request.server.db: chame o serviço da feature (app.<feature>.<ação>).',
        },
        {
          selector:
            'VariableDeclarator[init.name=/^(app|fastify|instance)$/] > ObjectPattern > Property[key.name=/^(db|dialect)$/]',
          message: 'Rotas não desestruturam db/dialect do app: chame o serviço da feature.',
        },
      ],
    },
  },

  // ─── Business rules are pure: no database, no SQL builder, no HTTP ───
  {
    files: [`${api}/domain/*/*-rules.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['kysely', 'fastify', 'pg', 'node:sqlite'].map((name) => ({
            name,
            message: 'Regras (*-rules.ts) são funções puras: banco e HTTP ficam no repositório e no serviço.',
          })),
          patterns: [
            {
              group: ['kysely/*', 'fastify/*', '@fastify/*', '**/db/*'],
              message:
                'Regras (*-rules.ts) são funções puras: banco e HTTP ficam no repositório e no serviço.',
            },
          ],
        },
      ],
    },
  },

  // ─── …at any depth: no import path from a rules file reaches the database, HTTP or a worker (scripts/) ───
  {
    files: [`${api}/domain/*/*-rules.ts`],
    plugins: { armazem },
    rules: { 'armazem/pure-rules': 'error' },
  },

  // ─── Size: a file reads in one sitting, a function fits on a screen ───
  {
    files: ['**/*.{ts,tsx,js}'],
    ignores: TESTS,
    rules: {
      'max-lines': ['error', { max: 300, skipBlankLines: true, skipComments: true }],
      // Above 80 lines only with `// eslint-disable-next-line max-lines-per-function -- <reason>` (e.g. a JSX tree).
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }],
    },
  },

  ...pending(PENDING_CYCLES, 'import-x/no-cycle'),
  ...pending(PENDING_LAYERING, 'import-x/no-restricted-paths'),
  ...pending(PENDING_ROUTES_DB, 'no-restricted-syntax'),
  ...pending(PENDING_FILE_SIZE, 'max-lines'),
  ...pending(PENDING_FUNCTION_SIZE, 'max-lines-per-function'),
);
