import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from '../src/app';

/** Temporary directories that stand in for the user's home, ~/.claude, ~/.cui and TMPDIR. */
export interface TestDirs {
  root: string;
  home: string;
  claudeConfigDir: string;
  cuiHome: string;
  tmp: string;
  /** A scratch working directory for runs. */
  work: string;
}

export function makeTestDirs(prefix = 'cui-test-'): TestDirs {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const dirs: TestDirs = {
    root,
    home: path.join(root, 'home'),
    claudeConfigDir: path.join(root, 'home', '.claude'),
    cuiHome: path.join(root, 'cui'),
    tmp: path.join(root, 'tmp'),
    work: path.join(root, 'work'),
  };
  for (const dir of [dirs.home, dirs.claudeConfigDir, dirs.cuiHome, dirs.tmp, dirs.work]) fs.mkdirSync(dir, { recursive: true });
  return dirs;
}

/** The environment every CLI child gets in tests: isolated dirs, no nonessential traffic, the fake model. */
export function testChildEnv(dirs: TestDirs, anthropicBaseUrl?: string): Record<string, string | undefined> {
  return {
    HOME: dirs.home,
    CLAUDE_CONFIG_DIR: dirs.claudeConfigDir,
    TMPDIR: dirs.tmp,
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    DISABLE_TELEMETRY: '1',
    DISABLE_AUTOUPDATER: '1',
    ANTHROPIC_API_KEY: 'sk-test',
    ANTHROPIC_BASE_URL: anthropicBaseUrl ?? 'http://127.0.0.1:9',
  };
}

export interface TestServer {
  app: FastifyInstance;
  /** e.g. http://127.0.0.1:43123 */
  url: string;
  token: string;
  dirs: TestDirs;
  /** fetch with the Bearer token; `path` starts with '/'. */
  api(pathname: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

export interface TestServerOptions extends Partial<BuildAppOptions> {
  dirs?: TestDirs;
  /** Base URL of the fake Anthropic Messages API the CLI should talk to. */
  anthropicBaseUrl?: string;
}

/** `buildApp` on port 0 with temporary HOME, CLAUDE_CONFIG_DIR, CUI_HOME and TMPDIR. */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const dirs = options.dirs ?? makeTestDirs();
  const { dirs: _d, anthropicBaseUrl, ...rest } = options;
  const app = await buildApp({
    cuiHome: dirs.cuiHome,
    claudeConfigDir: dirs.claudeConfigDir,
    childEnv: testChildEnv(dirs, anthropicBaseUrl),
    logLevel: 'debug',
    ...rest,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('server did not bind a TCP port');
  const url = `http://127.0.0.1:${address.port}`;
  const configPath = path.join(dirs.cuiHome, 'config.json');
  const token = options.token ?? (JSON.parse(fs.readFileSync(configPath, 'utf8')) as { authToken: string }).authToken;
  return {
    app,
    url,
    token,
    dirs,
    api: (pathname, init = {}) => {
      const headers = new Headers(init.headers);
      headers.set('authorization', `Bearer ${token}`);
      if (init.body !== undefined && !headers.has('content-type')) headers.set('content-type', 'application/json');
      return fetch(url + pathname, { ...init, headers });
    },
    close: () => app.close(),
  };
}

/** Polls `check` until it returns a truthy value (no fixed sleeps); fails with `message` after `timeoutMs`. */
export async function waitFor<T>(check: () => T | Promise<T>, options: { timeoutMs?: number; intervalMs?: number; message?: string } = {}): Promise<NonNullable<T>> {
  const deadline = Date.now() + (options.timeoutMs ?? 15_000);
  let lastError: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value) return value as NonNullable<T>;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) throw new Error(`waitFor timed out: ${options.message ?? 'condition not met'}${lastError ? ` (last error: ${String(lastError)})` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 25));
  }
}
