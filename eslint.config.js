import js from '@eslint/js';
import { builtinRules } from 'eslint/use-at-your-own-risk';
import globals from 'globals';
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

/** Lint enforces the layout boundaries of ../shared/STYLE.md §1 and the size rules of §2. */
export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'artifacts/**', 'bench/.corpus/**', 'bench/results/**'] },
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
);
