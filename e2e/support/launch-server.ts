/**
 * Starts the fake Anthropic API and the real cui server for one e2e test, then prints one line
 * `CUI_E2E_READY {"url","token","fakeUrl"}` on stdout. Run by server-process.ts (bundled by global-setup, or
 * `node --import tsx e2e/support/launch-server.ts --web-root <dir> [--demo] [--port <n>]`) with HOME, CLAUDE_CONFIG_DIR,
 * CUI_HOME, TMPDIR and CUI_E2E_WORK pointing at temporary directories. Exits on SIGTERM/SIGINT or when
 * stdin closes (the test runner went away), closing the server (and its CLI runs) and the fake.
 */
import { parseArgs } from 'node:util';
import { buildApp } from '../../server/src/app';
import { startFakeAnthropic } from '../../fake-model/index';
import { testChildEnv } from '../../server/test/test-dirs';
import { extraChildEnv, READY_PREFIX, readAuthToken, requiredEnvDirs } from './launch-env';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { 'web-root': { type: 'string' }, demo: { type: 'boolean', default: false }, port: { type: 'string', default: '0' } } });
  const dirs = requiredEnvDirs(process.env);
  const fake = await startFakeAnthropic({ port: 0, host: '127.0.0.1' });
  const app = await buildApp({
    cuiHome: dirs.cuiHome,
    claudeConfigDir: dirs.claudeConfigDir,
    childEnv: {
      ...testChildEnv(dirs, fake.url),
      // CLI 2.1.330 only offers TodoWrite (deferred) with these set; the fake's 'todo' scenario needs it.
      CLAUDE_CODE_ENABLE_TODO_TOOLS: '1',
      CLAUDE_CODE_ENABLE_TASKS: '0',
      ...extraChildEnv(process.env),
    },
    logLevel: 'debug',
    webRoot: values['web-root'],
    demoMode: values.demo,
  });
  // A port of the test's choosing: a test that stops the server starts the next one where the page expects it.
  await app.listen({ port: Number(values.port), host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('server did not bind a TCP port');

  let closing = false;
  const shutdown = (): void => {
    if (closing) return;
    closing = true;
    void Promise.allSettled([app.close(), fake.close()]).then(() => process.exit(0));
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
  process.stdin.on('end', shutdown).on('close', shutdown).resume();

  const ready = { url: `http://127.0.0.1:${address.port}`, token: readAuthToken(dirs.cuiHome), fakeUrl: fake.url };
  process.stdout.write(`${READY_PREFIX}${JSON.stringify(ready)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`launch-server failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
