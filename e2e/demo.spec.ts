import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { expect, test } from './fixtures';
import { makeE2eDirs, removeE2eDirs } from './support/dirs';
import { REPO_ROOT } from './support/paths';

/** A port the kernel just handed out (and took back): free unless another process grabs it in between. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Resolves with the URL `npm start` prints ("cui is running: <url>"), or rejects with what the demo said. */
function demoUrl(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: string): void => {
      output += chunk;
      const match = /cui is running: (\S+)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    };
    child.stdout?.setEncoding('utf8').on('data', onData);
    child.stderr?.setEncoding('utf8').on('data', onData);
    child.once('exit', (code) => reject(new Error(`npm run demo exited (${code}) before serving:\n${output}`)));
  });
}

test.describe('npm run demo', () => {
  // Builds nothing when the build is current (npm test builds first); a stale tree rebuilds the server and web first.
  test.setTimeout(240_000);

  test('offers its scratch project at once: type a prompt, Ctrl+Enter, the run starts there', async ({ page }) => {
    const dirs = makeE2eDirs('cui-e2e-demo-');
    const port = await freePort();
    const demo = spawn(process.execPath, [path.join(REPO_ROOT, 'scripts/demo.mjs'), '--port', String(port)], {
      cwd: REPO_ROOT,
      env: { ...process.env, HOME: dirs.home, TMPDIR: dirs.tmp, CLAUDE_CONFIG_DIR: undefined, CUI_HOME: undefined },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((resolve) => demo.once('exit', (code) => resolve(code)));
    try {
      await page.goto(await demoUrl(demo));
      // No browsing: the scratch project is already the selected (most recent) directory.
      await expect(page.getByRole('button', { name: 'Working directory: project' })).toBeVisible();
      await page.getByRole('combobox', { name: 'Task' }).fill('fix the typo');
      await page.keyboard.press('Control+Enter');
      await page.waitForURL(/\/c\/[0-9a-f-]{36}$/);
      await expect(page.getByRole('region', { name: 'Permission request' })).toContainText('Allow Edit?');
      await expect(page.getByRole('region', { name: 'Permission request' })).toContainText('hello.txt');
    } finally {
      demo.kill('SIGTERM');
      await exited;
      removeE2eDirs(dirs);
    }
  });
});
