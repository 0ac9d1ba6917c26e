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
 * Integration files that assert on wall-clock time or on how fast processes end: they run after the rest, one file at
 * a time, so a neighbour's CLI starting beside them is not what they measure.
 */
const serialIntegration = [
  'server/test/foundation-main.test.ts',
  'server/test/files-hostile.test.ts',
  'server/test/http-hardening.test.ts',
  'server/test/runs-lifecycle.test.ts',
  'server/test/runs-orphans.test.ts',
  'server/test/sessions-windows.test.ts',
  'server/test/terminals-orphans.test.ts',
  'server/test/transcript-retention.test.ts',
];

/**
 * One worker (Vitest's default on these 2-core machines): with two, a clean-clone run had timing-dependent failures in
 * web tests (a lazily loaded module taking over a wait's second); the timed files still run last, in their own group.
 */
const PARALLEL_WORKERS = 1;

/**
 * Four projects, in two groups. First, together:
 * - unit: pure logic, colocated `*.test.ts` in contract/, server/src/ and bench/ (node, no network beyond loopback);
 * - web: React components and hooks, colocated `*.test.ts(x)` in web/src (jsdom);
 * - integration: server/test/**, real HTTP on port 0, the real pinned Claude CLI against the fake Messages API.
 * Then, alone on one worker:
 * - integration-serial: the integration files of `serialIntegration`.
 */
export default defineConfig({
  resolve: { alias },
  test: {
    maxWorkers: PARALLEL_WORKERS,
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
          exclude: serialIntegration,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'integration-serial',
          environment: 'node',
          include: serialIntegration,
          testTimeout: 60_000,
          hookTimeout: 60_000,
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
