import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const alias = {
  '@cui/contract': fileURLToPath(new URL('./contract/index.ts', import.meta.url)),
  '@/': fileURLToPath(new URL('./web/src/', import.meta.url)),
};

/**
 * Three projects:
 * - unit: pure logic, colocated `*.test.ts` in contract/, server/src/ and bench/ (node, no network beyond loopback);
 * - web: React components and hooks, colocated `*.test.ts(x)` in web/src (jsdom);
 * - integration: server/test/**, real HTTP on port 0, the real pinned Claude CLI against the fake Messages API.
 */
export default defineConfig({
  resolve: { alias },
  test: {
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
          include: ['server/test/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
