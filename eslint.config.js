// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import path from 'node:path';

/** Import boundaries of docs/ARCHITECTURE.md, enforced rather than hoped for. */
const clientBoundaries = [
  { group: ['**/server/**', '../server/*'], message: 'The client never imports the server.' },
  {
    group: ['react-redux'],
    importNames: ['useSelector', 'useDispatch', 'useStore'],
    message: 'Use the typed hooks from src/app/hooks.ts.',
  },
];

/** The client's test code: test files and the helpers only tests import. */
const clientTestCode = [
  'src/**/*.test.{ts,tsx}',
  'src/test/**',
  'src/**/test[A-Z]*.{ts,tsx}',
  'src/**/*Fixtures.ts',
];

const noTestHelpers = {
  group: [
    '**/test/**',
    '**/tests/**',
    '**/test[A-Z]*',
    '**/*.test',
    '**/*.test.*',
    '**/*Fixtures',
    'vitest',
    'vitest/*',
    '@testing-library/*',
    'fake-indexeddb',
    'fake-indexeddb/*',
  ],
  caseSensitive: true,
  message: 'Production code never imports test helpers or test libraries.',
};

/** IndexedDB without Dexie (src/db/direct.ts) is the direct save's alone (docs/ARCHITECTURE.md). */
const DIRECT_SAVE = 'src/features/observations/newSightingDirect.ts';
const noDirectDb = {
  group: ['**/db/direct', '**/db/direct.*', './direct', './direct.*'],
  caseSensitive: true,
  message: `Only the direct-save module (${DIRECT_SAVE}) may import src/db/direct.ts.`,
};

/** Shared building blocks (src/ui) know nothing of the app that uses them. */
const noAppFromUi = {
  group: ['**/app', '**/app/**'],
  caseSensitive: true,
  message: 'src/ui never imports src/app: pass what a component needs as props.',
};

const serverBoundary = {
  group: ['**/src/*', '!**/src/contract/*', '!**/src/config/*'],
  message: 'The server imports only src/contract and src/config (through @contract/*, @config/*).',
};

/**
 * A domain (src/features/<domain>/) uses another only through that domain's index.ts, an explicit
 * embeds.ts of what it lets other pages embed, or its texts.ts: the words of it other domains show,
 * data only (docs/ARCHITECTURE.md "Modules"). Relative paths are resolved, so
 * `../trips/tripsQueries` from src/features/observations is caught.
 */
const FEATURES_DIR = path.join(import.meta.dirname, 'src', 'features');
const PUBLIC_FILES = new Set(['', 'index', 'index.ts', 'embeds', 'embeds.ts', 'texts', 'texts.ts']);
const insideFeatures = (file) => {
  const relative = path.relative(FEATURES_DIR, file);
  return relative.startsWith('..') || path.isAbsolute(relative) ? null : relative.split(path.sep).join('/');
};
const domainBoundaries = {
  meta: {
    type: 'problem',
    messages: {
      deep: "'{{source}}' reaches inside the {{domain}} domain: import its index.ts, embeds.ts or texts.ts.",
    },
  },
  create(context) {
    const from = insideFeatures(context.filename);
    if (!from) return {};
    const fromDomain = from.split('/')[0];
    const check = (source) => {
      if (!source || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const to = insideFeatures(path.resolve(path.dirname(context.filename), source.value));
      if (!to) return;
      const [domain, ...rest] = to.split('/');
      if (domain === fromDomain || PUBLIC_FILES.has(rest.join('/'))) return;
      context.report({ node: source, messageId: 'deep', data: { source: source.value, domain } });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

/**
 * The device database (src/db: Dexie, its tables, the sync engine's stores, the key-value store) is
 * read and written only by a domain's data files, so a page or dialog gets data from a query and
 * saves through a repository (docs/ARCHITECTURE.md "The client"). Type-only imports (row shapes)
 * are free. A data file is named for what it is: `*Repo.ts`/`*Repository.ts`, `*Writes.ts`,
 * `*Queries.ts`, `*Reads.ts`, `*Store.ts`, `*Hooks.ts` or a `use*.ts` hook, a synced collection's
 * `*Collection.ts`, a `*.worker.ts` (its own connection); or lives in a sync folder
 * (src/features/sync, src/features/<domain>/sync).
 */
const SRC_DIR = path.join(import.meta.dirname, 'src');
const DB_DIR = path.join(SRC_DIR, 'db');
const DATA_FILE =
  /(?:Repo|Repository|Writes|Queries|Reads|Store|Hooks|Collection)\.ts$|^use[A-Z]\w*\.ts$|\.worker\.ts$/;
/** Besides data files, "file (relative to src/)": why it may. Keep it short. */
const DB_ACCESS_ALLOWED = new Map([
  [DIRECT_SAVE.replace(/^src\//, ''), 'the direct save (src/db/direct.ts)'],
  ['app/boot.ts', 'restores the session and configuration from the key-value store at start'],
  ['app/listeners.ts', 'persists the session and configuration to the key-value store'],
]);
const dbAccess = {
  meta: {
    type: 'problem',
    messages: {
      db:
        "'{{source}}' is the device database: only a domain's repository or query files use it " +
        '(*Repo.ts, *Writes.ts, *Queries.ts, *Reads.ts, *Store.ts, *Hooks.ts, use*.ts, *Collection.ts, ' +
        'a sync folder). Read or write there and pass the data in.',
    },
  },
  create(context) {
    const from = path.relative(SRC_DIR, context.filename).split(path.sep).join('/');
    if (from.startsWith('..') || DB_ACCESS_ALLOWED.has(from)) return {};
    if (DATA_FILE.test(path.basename(from)) || /^features\/(?:[^/]+\/)?sync\//.test(from)) return {};
    const check = (node, source, typeOnly) => {
      if (typeOnly || !source || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const target = path.resolve(path.dirname(context.filename), source.value);
      const relative = path.relative(DB_DIR, target);
      if (relative.startsWith('..') || path.isAbsolute(relative)) return;
      context.report({ node: source, messageId: 'db', data: { source: source.value } });
    };
    const allTypes = (specifiers, kind) =>
      specifiers.length > 0 && specifiers.every((specifier) => specifier[kind] === 'type');
    return {
      ImportDeclaration: (node) =>
        check(node, node.source, node.importKind === 'type' || allTypes(node.specifiers, 'importKind')),
      ExportNamedDeclaration: (node) =>
        check(node, node.source, node.exportKind === 'type' || allTypes(node.specifiers, 'exportKind')),
      ExportAllDeclaration: (node) => check(node, node.source, node.exportKind === 'type'),
      ImportExpression: (node) => check(node, node.source, false),
    };
  },
};

const restrict = (...patterns) => ['error', { patterns }];

/**
 * All the code is held to typescript-eslint's strictTypeChecked (issue 22): the client, the tests
 * (server, fault, e2e and docs tests with their helpers), the server, the benches and the scripts;
 * numbers in template strings stay allowed (sizes, counts, coordinates).
 */
const STRICT_FILES = [
  'src/**/*.{ts,tsx}',
  'tests/**/*.ts',
  'server/**/*.ts',
  'bench/**/*.ts',
  'scripts/**/*.ts',
];
const strictTypeChecked = [
  ...tseslint.configs.strictTypeChecked.map((config) => ({
    ...config,
    files: STRICT_FILES,
  })),
  {
    files: STRICT_FILES,
    rules: { '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }] },
  },
];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'dev-dist/**',
    ],
  },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  // Before the project's own rules, so their options (unused `_` names, …) still apply.
  ...strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/only-throw-error': 'error',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': ['error', { additionalHooks: '(useLiveQuery)' }],
      'no-restricted-imports': restrict(...clientBoundaries, noTestHelpers, noDirectDb),
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { fieldmark: { rules: { 'domain-boundaries': domainBoundaries, 'db-access': dbAccess } } },
  },
  {
    files: ['src/features/**/*.{ts,tsx}'],
    ignores: clientTestCode,
    rules: { 'fieldmark/domain-boundaries': 'error' },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: [...clientTestCode, 'src/db/**', 'src/sw/**'],
    rules: { 'fieldmark/db-access': 'error' },
  },
  {
    files: ['src/ui/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': restrict(...clientBoundaries, noTestHelpers, noDirectDb, noAppFromUi) },
  },
  {
    files: [DIRECT_SAVE],
    rules: { 'no-restricted-imports': restrict(...clientBoundaries, noTestHelpers) },
  },
  {
    // The typed hooks wrap react-redux's own.
    files: ['src/app/hooks.ts'],
    rules: { 'no-restricted-imports': restrict(clientBoundaries[0], noTestHelpers, noDirectDb) },
  },
  {
    files: clientTestCode,
    rules: { 'no-restricted-imports': restrict(...clientBoundaries) },
  },
  {
    // Another domain's pages import a domain's texts.ts: it must bring no code along with it.
    files: ['src/features/*/texts.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!@contract/)',
              message: "A domain's texts.ts is data: it imports nothing but the contract.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/contract/**/*.ts', 'src/config/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react-*', 'dexie', 'dexie-*', 'node:*', '@mui/*', '../*', '!../contract/*'],
              message: 'The contract imports nothing from React, Dexie, the DOM or Node.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/**/*.ts'],
    ignores: ['server/**/*.test.ts'],
    rules: { 'no-restricted-imports': restrict(serverBoundary, noTestHelpers) },
  },
  {
    files: ['server/**/*.test.ts'],
    rules: { 'no-restricted-imports': restrict(serverBoundary) },
  },
);
