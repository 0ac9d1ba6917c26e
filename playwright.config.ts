import { defineConfig, devices } from '@playwright/test';

// Playwright empties outputDir when a run starts; several engineers run e2e in this tree at once, so each run
// writes to its own test-results/run-<id> (workers inherit the id from the main process's environment).
process.env.CUI_E2E_RUN_ID ??= `${Date.now().toString(36)}-${process.pid}`;

/** Specs that assert on wall-clock time: they run after the rest, alone (project 'timed'). */
const TIMED = ['**/conversation-windows.spec.ts'];

/**
 * Browser e2e: Debian's Chromium against the built web app served by the real cui server, which runs the
 * real Claude CLI against the fake Anthropic API (e2e/support). One worker: with two on these 2-core machines a
 * clean-clone run was no faster (15.4 min for 148 tests) and tests that race a live run lost the race.
 */
export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  outputDir: `test-results/run-${process.env.CUI_E2E_RUN_ID}`,
  globalSetup: './e2e/support/global-setup.ts',
  workers: 1,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]] : [['list']],
  use: {
    ...devices['Desktop Chrome'],
    viewport: { width: 1280, height: 800 },
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'e2e', testIgnore: TIMED },
    // After every other spec has finished, so nothing else runs beside what it times.
    { name: 'timed', testMatch: TIMED, dependencies: ['e2e'] },
  ],
});
