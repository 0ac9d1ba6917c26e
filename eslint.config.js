import js from '@eslint/js';
import { builtinRules } from 'eslint/use-at-your-own-risk';
import globals from 'globals';
import { fileURLToPath } from 'node:url';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * ESLint's own max-lines under a second name, so one file can have both a warning at 300 lines (split, or say why in
 * the commit) and the hard ceiling of 400 as an error.
 */
const size = { rules: { 'max-lines': builtinRules.get('max-lines') } };

// Every rule is an error except the size warning: `npm run lint` prints warnings and fails only on errors.
const hooksAsErrors = Object.fromEntries(Object.keys(reactHooks.configs.recommended.rules).map((name) => [name, 'error']));

const WEB_IMPORT_PATTERNS = [
  { group: ['**/server/**', 'node:*'], message: 'web/ never imports server/ or Node modules; share shapes through @cui/contract.' },
  { group: ['@/features/*/*'], message: 'Import another feature only through its index.ts (@/features/<name>).' },
];

/** The contract's route table carries every zod schema: the web calls routes through their heads (issue 11, page weight). */
const WEB_ROUTES_IMPORT = {
  name: '@cui/contract',
  importNames: ['routes'],
  message: "Use `routes` from '@/app/routes' (the table's heads, no zod in the first load); the inspector alone takes the full table.",
};

/** The tsconfigs that resolve imports for the import rules (absolute: the lint-rules test lints fixtures from another cwd). */
const TSCONFIGS = ['tsconfig.server.json', 'tsconfig.web.json', 'tsconfig.e2e.json'].map((name) => fileURLToPath(new URL(name, import.meta.url)));

/** The repository's root: the import zones are matched from there (whatever the cwd). */
const ROOT = fileURLToPath(new URL('.', import.meta.url));

/**
 * Who may import whom (docs/architecture.md), checked on resolved paths: cli/ and platform/ are below the features,
 * web/ and server/ never share code (only @cui/contract). Globs, so that the planted violations of
 * scripts/lint-fixtures/ (a small tree of the same shape) are caught by the same zones.
 */
const IMPORT_ZONES = [
  { target: '**/server/src/cli/**', from: '**/server/src/features/**', message: 'cli/ never imports a feature: features use cli/, not the other way round.' },
  { target: '**/server/src/platform/**', from: '**/server/src/features/**', message: 'platform/ never imports a feature: features use platform/, not the other way round.' },
  { target: '**/web/src/**', from: '**/server/**', except: ['**/node_modules/**'], message: 'web/ never imports server/; share shapes through @cui/contract.' },
  { target: '**/server/**', from: '**/web/src/**', except: ['**/node_modules/**'], message: 'server/ never imports web/.' },
  { target: '**/contract/**', from: ['**/server/**', '**/web/src/**'], except: ['**/node_modules/**'], message: 'contract/ holds zod schemas only: no server or web imports.' },
];

/** No god functions (issue 22): at most 80 lines of code per function, blank lines and comments aside. */
const FUNCTION_LINES = { max: 80, skipBlankLines: true, skipComments: true };

/**
 * Functions allowed over 80 lines, each `{ file, max, reason }` and capped at its size so that it cannot grow. None
 * today: createRunManager, createSessionIndex, createSessionIndexer and buildApp, the four there were, are split.
 */
const FUNCTION_LINE_EXCEPTIONS = [];

/** Lint enforces the layout boundaries of ../shared/STYLE.md §1 and the size rules of §2. */
export default tseslint.config(
  {
    ignores: [
      'dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'artifacts/**', 'bench/.corpus/**', 'bench/results/**',
      // Planted violations that server/test/lint-rules.test.ts lints on purpose.
      'scripts/lint-fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { size },
    rules: {
      'max-lines': ['error', { max: 400, skipBlankLines: true, skipComments: true }],
      'size/max-lines': ['warn', { max: 300, skipBlankLines: true, skipComments: true }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
      'max-lines-per-function': ['error', FUNCTION_LINES],
    },
  },
  {
    // Boundaries and cycles, on resolved imports. Type-only imports have no run-time effect: no-cycle skips them.
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: TSCONFIGS, noWarnOnMultipleProjects: true })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: IMPORT_ZONES }],
    },
  },
  {
    files: ['contract/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: ['node:*', 'react', 'react-*', '**/server/**', '**/web/**'], message: 'contract/ holds zod schemas only: no Node, React, server or web imports.' },
        ],
      }],
    },
  },
  {
    files: ['server/**/*.ts', 'fake-model/**/*.ts', 'scripts/**/*.mjs', 'bench/**/*.ts', 'e2e/**/*.ts', '*.config.{js,ts}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/web/**'], message: 'server/ never imports web/.' }] }],
    },
  },
  {
    // A server feature uses another only through that feature's index.ts (its public surface).
    files: ['server/src/features/*/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: ['**/web/**'], message: 'server/ never imports web/.' },
          { regex: '^\\.\\./(?!\\.\\.)[^/]+/(?!index$).+', message: 'Import another server feature only through its index.ts (../<feature>/index).' },
        ],
      }],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...hooksAsErrors,
      'no-console': ['error', { allow: ['warn', 'error'] }],
      'no-restricted-imports': ['error', {
        paths: [WEB_ROUTES_IMPORT],
        patterns: WEB_IMPORT_PATTERNS,
      }],
    },
  },
  {
    // The raw JSON page builds its forms from the routes' schemas: it takes the full table.
    files: ['web/src/features/inspector/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: WEB_IMPORT_PATTERNS }] },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'server/test/**', 'fake-model/**', 'e2e/**', 'bench/**'],
    rules: {
      'max-lines': ['error', { max: 600, skipBlankLines: true, skipComments: true }],
      'size/max-lines': ['warn', { max: 450, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    // A describe() callback is the list of its cases, not one function's logic: up to 250 lines (the longest is 202).
    files: ['**/*.test.{ts,tsx}', 'e2e/**/*.spec.ts'],
    rules: { 'max-lines-per-function': ['error', { ...FUNCTION_LINES, max: 250 }] },
  },
  ...FUNCTION_LINE_EXCEPTIONS.map(({ file, max }) => ({ files: [file], rules: { 'max-lines-per-function': ['error', { ...FUNCTION_LINES, max }] } })),
);
