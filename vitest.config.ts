import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { routeHeadsDefine } from './web/route-heads-define.mjs';

/**
 * One temporary directory per vitest run: every test's TMPDIR (so `mkdtemp`, `makeTestDirs()` and the CLI's own
 * scratch files land inside it). `vitest-teardown.ts` removes it when the run ends, so tests leave nothing in /tmp.
 */
const runTmp = process.env.CUI_VITEST_TMP ?? fs.mkdtempSync(path.join(os.tmpdir(), 'cui-vitest-'));
process.env.CUI_VITEST_TMP = runTmp;

const alias = [
  { find: /^@cui\/contract$/, replacement: fileURLToPath(new URL('./contract/index.ts', import.meta.url)) },
  { find: /^@cui\/contract\//, replacement: fileURLToPath(new URL('./contract/', import.meta.url)) },
  { find: /^@\//, replacement: fileURLToPath(new URL('./web/src/', import.meta.url)) },
];

/**
 * Three projects:
 * - unit: pure logic, colocated `*.test.ts` in contract/, server/src/ and bench/ (node, no network beyond loopback);
 * - web: React components and hooks, colocated `*.test.ts(x)` in web/src (jsdom);
 * - integration: server/test/**, real HTTP on port 0, the real pinned Claude CLI against the fake Messages API.
 */
export default defineConfig({
  resolve: { alias },
  test: {
    globalSetup: ['server/test/vitest-teardown.ts'],
    env: { TMPDIR: runTmp },
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          environment: 'node',
          include: ['contract/**/*.test.ts', 'server/src/**/*.test.ts', 'bench/**/*.test.ts'],
        },
      },
      {
        resolve: { alias },
        define: await routeHeadsDefine(),
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['web/src/**/*.test.{ts,tsx}'],
          setupFiles: ['web/src/test-setup.ts'],
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'integration',
          environment: 'node',
          include: ['server/test/**/*.test.ts', 'fake-model/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
