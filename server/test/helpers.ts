import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from '../src/app';
import { checkResponse } from './contract-check';
import { makeTestDirs, testChildEnv, type TestDirs } from './test-dirs';

export { makeTestDirs, testChildEnv, type TestDirs } from './test-dirs';

export interface TestServer {
  app: FastifyInstance;
  /** e.g. http://127.0.0.1:43123 */
  url: string;
  token: string;
  dirs: TestDirs;
  /** fetch with the Bearer token; `path` starts with '/'. The response is checked against the contract (contract-check.ts). */
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
    homeDir: dirs.home,
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
      // A FormData body gets its multipart content type (with the boundary) from fetch itself.
      if (init.body !== undefined && !(init.body instanceof FormData) && !headers.has('content-type')) headers.set('content-type', 'application/json');
      return fetch(url + pathname, { ...init, headers }).then((response) => checkResponse(init.method ?? 'GET', pathname, response));
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

/** A TCP port free on 127.0.0.1 right now (for a server process that must be told its port). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
