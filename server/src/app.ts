import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { PlatformDeps } from './context';
import { createCore, createPlatform, type Core, type CoreOptions, type PlatformOptions } from './core';
import { filesFeature } from './features/files/index';
import { followFeature, type FollowOptions } from './features/follow/index';
import { inboxFeature } from './features/inbox/index';
import { logsFeature } from './features/logs/index';
import { notificationsFeature, type NotificationOptions } from './features/notifications/index';
import { rewindFeature } from './features/rewind/index';
import { routerFeature } from './features/router/index';
import { runsFeature } from './features/runs/index';
import { schedulesFeature, type ScheduleOptions } from './features/schedules/index';
import { searchFeature } from './features/search/index';
import { sessionsFeature } from './features/sessions/index';
import { settingsFeature } from './features/settings/index';
import { systemFeature } from './features/system/index';
import { terminalsFeature, type TerminalOptions } from './features/terminals/index';
import { trustFeature } from './features/trust/index';
import { voiceFeature, type VoiceOptions } from './features/voice/index';
import { worktreesFeature } from './features/worktrees/index';
import { mcpFeature } from './features/mcp/index';
import { gitFeature } from './features/git/index';
import { installCompression } from './platform/compression';
import { createDatabaseCheck } from './platform/db-background-check';
import { installErrorBodyGuard, installErrorHandler, installNotFoundHandler } from './platform/errors-http';
import type { Feature } from './platform/feature';
import { boundHeapGrowthFrom } from './platform/heap-growth';
import { installUploads } from './platform/http';
import { DEFAULT_HTTP_TIMEOUTS, httpServerOptions, serializeRequest, type HttpTimeouts } from './platform/http-limits';
import { installJsonDepthLimit } from './platform/json-depth';
import type { RequestGate } from './platform/request-gate';
import { installSecurityHeaders } from './platform/security-headers';
import { installSecurity, type AuthFailureLimit } from './platform/security-hooks';
import { releaseMemoryWhenQuiet } from './platform/idle-memory';
import { installWarmUp } from './platform/warm-up';

/** A server nobody has asked anything yet loads the CLI's version and the Agent SDK this long after listening. */
const WARM_UP_IDLE_MS = 1000;

/**
 * A server nobody has asked anything yet is `served` this long after listening (main.ts then asks the CLI how it
 * signs in, for the start-up line): short, since the URL is printed after that line.
 */
const SERVED_IDLE_MS = 150;

/** Largest accepted request body (413 beyond). */
export const BODY_LIMIT_BYTES = 10 * 1024 * 1024;

/** The HTTP server's own settings: authentication, limits, the web app it serves. */
export interface HttpOptions {
  /** `--token`: overrides the config's auth token for this process (not persisted). */
  token?: string;
  /** Built web app to serve (dist/web); nothing is served when absent or missing. */
  webRoot?: string;
  /** Largest accepted request body in bytes; BODY_LIMIT_BYTES when absent. */
  bodyLimit?: number;
  /** Request, header and idle time limits of the HTTP server; DEFAULT_HTTP_TIMEOUTS for what is absent. */
  httpTimeouts?: Partial<HttpTimeouts>;
  /** Failed token checks one client may make per window before 429; 30 per minute when absent. */
  authFailureLimit?: AuthFailureLimit;
  /** Calls of a notification's Approve/Deny link one client may make per window before 429; 30 per minute when absent. */
  capabilityLimit?: AuthFailureLimit;
}

/** Options of the features that take any (each declared by its feature). */
export type FeatureOptions = FollowOptions & NotificationOptions & VoiceOptions & ScheduleOptions & TerminalOptions;

/** Everything `buildApp` can be told, grouped by who reads it: the platform, the shared services, HTTP, the features. */
export interface BuildAppOptions extends PlatformOptions, CoreOptions, HttpOptions, FeatureOptions {}

/**
 * The server's features, in registration order: each registers its own routes and bus subscribers, and serves the
 * contract's route group of its name. Adding a feature is one line here.
 */
export function serverFeatures(core: Core, options: FeatureOptions): Feature[] {
  const ctx = { ...core, options };
  const schedules = schedulesFeature(ctx);
  const rewind = rewindFeature(ctx);
  return [
    settingsFeature(ctx),
    systemFeature(ctx),
    logsFeature(ctx),
    filesFeature(ctx),
    sessionsFeature({ ...ctx, scheduleOf: schedules.linkOf, branchOf: rewind.branchOf }),
    searchFeature(ctx),
    followFeature(ctx),
    runsFeature(ctx),
    schedules,
    inboxFeature(ctx),
    trustFeature(ctx),
    worktreesFeature(ctx),
    rewind,
    gitFeature(ctx),
    notificationsFeature(ctx),
    voiceFeature(ctx),
    routerFeature(ctx),
    mcpFeature(ctx),
    terminalsFeature(ctx),
  ];
}

/** `name[:port]` of the configured public URL as a Host header carries it (lower case), or undefined. */
function publicHost(publicUrl: string | undefined): string | undefined {
  return publicUrl ? new URL(publicUrl).host.toLowerCase() : undefined;
}

function readIndexHtml(webRoot: string): string | undefined {
  const file = path.join(webRoot, 'index.html');
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined;
}

/** Fastify with the platform's hooks (request gate, security, errors, limits, compression, uploads), no routes yet. */
async function createHttpServer(platform: PlatformDeps, options: HttpOptions, requestGate: RequestGate, indexHtml: string | undefined): Promise<FastifyInstance> {
  const app = Fastify({
    // Request log lines name the path only: a query string may carry anything.
    loggerInstance: platform.logger.child({ component: 'http' }, { serializers: { req: serializeRequest } }) as FastifyBaseLogger,
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
    bodyLimit: options.bodyLimit ?? BODY_LIMIT_BYTES,
    ...httpServerOptions({ ...DEFAULT_HTTP_TIMEOUTS, ...options.httpTimeouts }),
  });
  // First: requests count from their arrival, the security hooks' refusals included.
  requestGate.install(app);
  installSecurityHeaders(app, { indexHtml });
  installErrorHandler(app, platform.logger, { dbPath: platform.paths.dbPath });
  installErrorBodyGuard(app);
  installJsonDepthLimit(app);
  await installCompression(app);
  const tokenOverride = options.token;
  await installSecurity(app, {
    getToken: () => tokenOverride ?? platform.config.get().authToken,
    authFailureLimit: options.authFailureLimit,
    capabilityLimit: options.capabilityLimit,
    getPublicHost: () => publicHost(platform.config.get().interface.notifications.publicUrl),
  });
  await installUploads(app);
  return app;
}

/** Serve first: the CLI's version and the Agent SDK load in the background after the first answer (or when idle). */
function warmUpLater(app: FastifyInstance, core: Core, notify?: (message: string) => void): void {
  const { platform } = core;
  // The whole-file integrity check, once the index has settled (issue 28 point 1: it held start-up 21 s at 10,000 sessions).
  const dbCheck = createDatabaseCheck({ file: platform.paths.dbPath, logger: platform.logger, notify, owner: core.reaper });
  app.addHook('onClose', () => dbCheck.stop());
  // The status route and a run's start load them on demand before that.
  installWarmUp(app, {
    idleMs: WARM_UP_IDLE_MS,
    warmUp: () => {
      void platform.claude.version();
      dbCheck.startAfter(core.sessions.settled());
      // Loading the SDK holds the main thread 0.1-0.15 s: once the index has nothing left to do (a first index of
      // thousands of sessions is asked for pages meanwhile); a run started before then loads it at once.
      void core.sessions
        .settled()
        .then(() => platform.claude.sdkQuery())
        .catch((error: unknown) => platform.logger.error({ err: error }, 'the Agent SDK could not be loaded'));
    },
  });
}

/** How often the process's CPU is looked at, and under what share of a core a period is quiet (platform/idle-memory.ts). */
const IDLE_MEMORY_CHECK_MS = 30_000;
const IDLE_MEMORY_QUIET_SHARE = 0.05;
/**
 * A search catch-up this long (in slices of CATCH_UP_SLICE_MS, 4 ms of work each) is a heavy spell: memory is given
 * back when it ends. After a first index V8 let garbage fill the old generation it had grown to, up to 234-250 MiB at
 * 10,000 sessions, before its first full collection during use; given back at the end, use stayed under the first
 * index's peak (docs/benchmarks.md).
 */
const HEAVY_CATCH_UP_SLICES = 100;

/** Once the server goes quiet after work, with no run live, V8 gives back the heap pages it pooled (issue 28 point 5). */
function releaseMemoryAfterWork(app: FastifyInstance, core: Core): void {
  const { bus, logger } = core.platform;
  let liveRuns = 0;
  const unsubscribes = [bus.subscribe('run.started', () => (liveRuns += 1)), bus.subscribe('run.ended', () => (liveRuns = Math.max(0, liveRuns - 1)))];
  const stop = releaseMemoryWhenQuiet({
    checkMs: IDLE_MEMORY_CHECK_MS,
    quietShare: IDLE_MEMORY_QUIET_SHARE,
    busy: () => liveRuns > 0,
    onSpellEnded: (listener) => bus.subscribe('search.caughtUp', ({ slices }) => {
      if (slices >= HEAVY_CATCH_UP_SLICES) listener();
    }),
    onRelease: (ms) => logger.debug({ ms: Math.round(ms), rssMiB: Math.round(process.memoryUsage.rss() / 2 ** 20) }, 'quiet: memory given back'),
  });
  app.addHook('onClose', async () => {
    stop();
    for (const unsubscribe of unsubscribes) unsubscribe();
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** How runs sign in to Claude (main.ts logs it at start-up). */
    claudeSignIn: Core['signIn'];
    /**
     * Settles once the first answer has gone out, or SERVED_IDLE_MS after listening when no request comes: what the
     * start-up asks of the CLI waits for it, since its process start held a first request ~10-20 ms on 2 cores.
     */
    served: Promise<void>;
  }
}

/** Builds the whole server without listening: the platform, the shared services, the HTTP server, then each feature. */
export async function buildApp(options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const platform = await createPlatform(options);
  const core = createCore(platform, options);
  const indexHtml = options.webRoot ? readIndexHtml(options.webRoot) : undefined;
  const app = await createHttpServer(platform, options, core.requestGate, indexHtml);
  app.decorate('claudeSignIn', core.signIn);
  const features = serverFeatures(core, options);
  for (const feature of features) await feature.register(app);
  const spaShell = indexHtml !== undefined;
  // One wildcard route: a route per build file (wildcard: false; ~360 files) cost ~100 ms of start-up.
  if (spaShell) await app.register(fastifyStatic, { root: options.webRoot as string, wildcard: true, preCompressed: true });
  // SPA fallback: any non-API GET serves the shell.
  installNotFoundHandler(app, { spaShell });
  warmUpLater(app, core, options.onStartupNotice);
  let served = (): void => undefined;
  app.decorate('served', new Promise<void>((resolve) => (served = resolve)));
  installWarmUp(app, { idleMs: SERVED_IDLE_MS, warmUp: () => served() });
  releaseMemoryAfterWork(app, core);
  // Once it has answered, the server keeps its heap within 1.5× what is live (platform/heap-growth.ts).
  const unbound = boundHeapGrowthFrom(app.served);
  // Before the HTTP server closes: ending the runs ends their open streams, which close() would wait for.
  app.addHook('preClose', () => core.runs.close());
  app.addHook('onClose', async () => {
    await core.closeRuns();
    for (const feature of features) await feature.close?.();
    await core.closeStorage();
    unbound();
  });
  return app;
}
