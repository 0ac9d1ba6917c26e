import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import net from 'node:net';
import type { RouterConfig, RouterStatus } from '@cui/contract';
import type { Logger } from 'pino';
import { routerChildEntry, type RouterChildEntry } from './router-entry';
import type { RouterChildMessage, RouterStartMessage } from './router-protocol';

/** Where runs reach the router: its loopback base URL and the per-boot secret they send as their API key. */
export interface RouterEndpoint {
  url: string;
  secret: string;
}

/** The router child's owner: starts, restarts (same port) and ends it. One per server process. */
export interface ModelRouter {
  status(): RouterStatus;
  /** Undefined when off or failed; while (re)starting the URL is given anyway (the CLI retries a refused connection). */
  endpoint(): RouterEndpoint | undefined;
  /** Stops the child and, when enabled, starts a new one on the same port. Calls run one after another; never rejects. */
  apply(config: RouterConfig): Promise<void>;
  /**
   * Before a run starts with `config`: when the router is (re)starting, waits for that to finish, at most `timeoutMs`;
   * when its child died, starts it again and waits likewise (issue 29.15: a new conversation waits for a restarting
   * router instead of being refused). Resolves at once when the router is off or running; never rejects.
   */
  whenReady(config: RouterConfig, timeoutMs: number): Promise<void>;
  close(): Promise<void>;
}

export interface ModelRouterDeps {
  logger: Logger;
  /** The child's script; router-entry.ts picks it (source under tsx, or the bundle next to main.js). */
  childEntry?: RouterChildEntry;
}

const READY_TIMEOUT_MS = 20_000;
const STOP_GRACE_MS = 3_000;
/** A restart may find the old port briefly busy (or taken): a few tries, a little apart. */
const START_ATTEMPTS = 5;
const RETRY_DELAY_MS = 250;

async function freeLoopbackPort(): Promise<number> {
  const probe = net.createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const address = probe.address();
  probe.close();
  if (!address || typeof address === 'string') throw new Error('could not pick a loopback port');
  return address.port;
}

/** Resolves on `ready`; rejects when the child fails, exits or stays silent too long. */
function awaitReady(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the router did not start in time')), READY_TIMEOUT_MS);
    const done = (error?: Error): void => {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
      if (error) reject(error);
      else resolve();
    };
    const onMessage = (message: RouterChildMessage): void => done(message.type === 'ready' ? undefined : new Error(message.message));
    const onExit = (code: number | null, signal: string | null): void => done(new Error(`the router exited while starting (${signal ?? `code ${code}`})`));
    child.on('message', onMessage);
    child.on('exit', onExit);
  });
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
  await exited;
  clearTimeout(timer);
}

/** Forks the child, sends it its config and resolves once it listens; a child that fails to start is ended. */
async function spawnRouterChild(options: { entry: RouterChildEntry; logger: Logger; secret: string; config: RouterConfig; port: number }): Promise<ChildProcess> {
  const { entry, logger, config } = options;
  const started = fork(entry.script, [], {
    execArgv: entry.execArgv,
    // Its own process group: a terminal's Ctrl-C reaches the server only, which then ends the child in order.
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    serialization: 'json',
  });
  // llms runs without a logger; what reaches stderr is a crash, kept at debug (it could quote a request).
  started.stderr?.on('data', (chunk: Buffer) => logger.debug({ output: chunk.toString('utf8').slice(0, 2000) }, 'router stderr'));
  // llms silently drops a provider whose key is empty; local servers (Ollama, llama.cpp) need none, so send a placeholder.
  const providers = config.providers.map((provider) => ({ ...provider, api_key: provider.api_key || 'none' }));
  const message: RouterStartMessage = { type: 'start', port: options.port, secret: options.secret, providers, rules: config.rules };
  started.send(message);
  try {
    await awaitReady(started);
  } catch (error) {
    await stopChild(started);
    throw error;
  }
  return started;
}

export function createModelRouter(deps: ModelRouterDeps): ModelRouter {
  const logger = deps.logger.child({ component: 'router' });
  const entry = deps.childEntry ?? routerChildEntry();
  const secret = randomBytes(32).toString('hex');
  let port: number | undefined;
  let child: ChildProcess | undefined;
  let status: RouterStatus = { state: 'off' };
  let queue: Promise<void> = Promise.resolve();
  let closed = false;

  const watch = (running: ChildProcess): void => {
    running.once('exit', (code, signal) => {
      if (child !== running) return;
      child = undefined;
      const error = `the router process exited (${signal ?? `code ${code}`})`;
      status = { state: 'failed', port, error };
      logger.error({ code, signal }, 'router process died; the next routed run is refused and starts it again');
    });
  };

  const start = async (config: RouterConfig): Promise<void> => {
    port ??= await freeLoopbackPort();
    status = { state: 'starting', port };
    let lastError: unknown;
    for (let attempt = 1; attempt <= START_ATTEMPTS && !closed; attempt += 1) {
      try {
        const running = await spawnRouterChild({ entry, logger, secret, config, port });
        child = running;
        watch(running);
        status = { state: 'running', port, startedAt: new Date().toISOString() };
        logger.info({ port, providers: config.providers.length }, 'router started');
        return;
      } catch (error) {
        lastError = error;
        logger.warn({ attempt, err: error }, 'router failed to start');
        if (attempt < START_ATTEMPTS) await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS * attempt));
      }
    }
    status = { state: 'failed', port, error: lastError instanceof Error ? lastError.message : 'the router did not start' };
  };

  const applyNow = async (config: RouterConfig): Promise<void> => {
    const old = child;
    child = undefined;
    if (old) await stopChild(old);
    if (closed || !config.enabled) {
      status = { state: 'off' };
      return;
    }
    await start(config);
  };

  const apply = (config: RouterConfig): Promise<void> => {
    if (config.enabled && status.state !== 'running') status = { state: 'starting', ...(port ? { port } : {}) };
    queue = queue.then(() => applyNow(config)).catch((error: unknown) => {
      status = { state: 'failed', port, error: error instanceof Error ? error.message : String(error) };
      logger.error({ err: error }, 'router change failed');
    });
    return queue;
  };

  const whenReady = async (config: RouterConfig, timeoutMs: number): Promise<void> => {
    if (!config.enabled || closed || status.state === 'running') return;
    if (status.state === 'failed' || status.state === 'off') {
      logger.info({ previous: status.state }, 'a run needs the router: starting it again');
      void apply(config);
    }
    let timer: NodeJS.Timeout | undefined;
    const bound = new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)));
    await Promise.race([queue, bound]);
    clearTimeout(timer);
  };

  return {
    status: () => status,
    endpoint: () => (port !== undefined && (status.state === 'running' || status.state === 'starting') ? { url: `http://127.0.0.1:${port}`, secret } : undefined),
    apply,
    whenReady,
    async close() {
      closed = true;
      await apply({ enabled: false, providers: [], rules: {} });
    },
  };
}
