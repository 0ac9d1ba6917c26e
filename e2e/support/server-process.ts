import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { serverEnv, type E2eDirs } from './dirs';
import { READY_PREFIX } from './launch-env';
import { REPO_ROOT } from './paths';

export interface CuiServer {
  /** e.g. http://127.0.0.1:41234 (no trailing slash). */
  url: string;
  /** The server's auth token (32 lower-case hex). */
  token: string;
  /** URL of the fake Anthropic Messages API the CLI talks to. */
  fakeUrl: string;
  dirs: E2eDirs;
  /** Everything the server process wrote to stderr so far (attach it when a test fails). */
  stderr(): string;
  /** Kills the server's process group (server, fake API, CLI runs); resolves once it has exited. */
  stop(): Promise<void>;
}

export interface StartServerOptions {
  dirs: E2eDirs;
  webRoot: string;
  demoMode?: boolean;
  /** Extra environment for the CLI runs the server spawns. */
  childEnv?: Record<string, string>;
  /** The port to listen on (a free one when absent): a second server for the same dirs takes the first one's. */
  port?: number;
  timeoutMs?: number;
}

function waitForReady(child: ChildProcess, stderr: () => string, timeoutMs: number): Promise<{ url: string; token: string; fakeUrl: string }> {
  return new Promise((resolve, reject) => {
    let stdout = '';
    const timer = setTimeout(() => fail(new Error(`cui server did not start within ${timeoutMs} ms`)), timeoutMs);
    function fail(error: Error): void {
      clearTimeout(timer);
      reject(new Error(`${error.message}\n--- server stderr ---\n${stderr()}`));
    }
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      const line = stdout.split('\n').find((text) => text.startsWith(READY_PREFIX));
      if (!line) return;
      clearTimeout(timer);
      resolve(JSON.parse(line.slice(READY_PREFIX.length)) as { url: string; token: string; fakeUrl: string });
    });
    child.once('exit', (code, signal) => fail(new Error(`cui server exited before it was ready (code ${code}, signal ${signal})`)));
  });
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // The group is already gone: nothing left to end.
  }
}

/** Spawns e2e/support/launch-server.ts in its own process group and waits for its ready line. */
export async function startCuiServer({ dirs, webRoot, demoMode = false, childEnv = {}, port, timeoutMs = 60_000 }: StartServerOptions): Promise<CuiServer> {
  // Without it the server answers every page with 404 and tests fail far from the cause.
  if (!fs.existsSync(path.join(webRoot, 'index.html'))) throw new Error(`no built web app in ${webRoot} (was it pruned or never built?)`);
  // The bundle from global-setup when there is one; otherwise transpile on the fly with tsx.
  const bundle = process.env.CUI_E2E_LAUNCHER;
  const entry = bundle ? ['--enable-source-maps', bundle] : ['--import', 'tsx', path.join(REPO_ROOT, 'e2e/support/launch-server.ts')];
  const args = [...entry, '--web-root', webRoot];
  if (demoMode) args.push('--demo');
  if (port !== undefined) args.push('--port', String(port));
  const child = spawn(process.execPath, args, {
    cwd: REPO_ROOT,
    env: {
      ...serverEnv(dirs),
      TSX_TSCONFIG_PATH: path.join(REPO_ROOT, 'tsconfig.server.json'),
      CUI_E2E_CHILD_ENV: JSON.stringify(childEnv),
      // Web push reaches the test's local push service (server/test/fake-push) over TLS with its self-signed certificate.
      NODE_EXTRA_CA_CERTS: path.join(REPO_ROOT, 'server/test/fake-push/fixtures/cert.pem'),
    },
    stdio: ['pipe', 'pipe', 'pipe'],
    detached: true,
  });
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-64_000);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) killGroup(child, 'SIGTERM');
    const timer = setTimeout(() => killGroup(child, 'SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
    // Anything left in the group (a CLI run the server could not end) goes too.
    killGroup(child, 'SIGKILL');
  };
  try {
    const ready = await waitForReady(child, () => stderr, timeoutMs);
    return { ...ready, dirs, stderr: () => stderr, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
