import fs from 'node:fs';
import type { Agent } from 'node:https';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { ClaudeInfo, LiveRuns, PlatformDeps } from './context';
import { bundledClaudePath } from './cli/claude-binary';
import { createSdkLoader } from './cli/claude-query';
import { createClaudeVersions } from './cli/claude-version';
import { registerFileRoutes } from './features/files/index';
import { registerInboxRoutes } from './features/inbox/index';
import { registerLogRoutes } from './features/logs/index';
import { createActionTokenStore, createNotifier, createNtfyChannel, createPushSubscriptionStore, createWebPush, registerNotificationRoutes, registerNotifyActionRoute, type NotificationChannel } from './features/notifications/index';
import { composeRunEnvironment, createRunGuard, createRunManager, fixedEnvironment, recoverInterruptedRuns, registerRunRoutes, type RunEnvironmentContributor, type RunManagerDeps, type RunManagerOptions } from './features/runs/index';
import { createModelRouter, routerEnvironment, type ModelRouter } from './features/router/index';
import { registerSchedules, type TimingOptions } from './features/schedules/index';
import { registerFollowRoute } from './features/follow/index';
import { registerSearchRoutes } from './features/search/index';
import { createSessionIndex, createSessionInfoStore, registerSessionRoutes, type SessionIndex } from './features/sessions/index';
import type { IndexPool } from './features/transcript-index/index';
import { createConfigStore, registerSettingsRoutes } from './features/settings/index';
import { createClaudeSignIn, registerSystemRoutes, type ClaudeSignIn } from './features/system/index';
import { createRunSettingsPolicy, createTrustService, registerTrustRoutes } from './features/trust/index';
import { createGeminiClient, createVoiceService, registerVoiceRoutes, type VoiceEnv, type VoiceService } from './features/voice/index';
import { createWorktreeService, registerWorktreeRoutes } from './features/worktrees/index';
import { createEventBus, type EventBus } from './platform/bus';
import { installCompression } from './platform/compression';
import { openDatabaseWithRecovery } from './platform/db-recovery';
import { installErrorBodyGuard, installErrorHandler, installNotFoundHandler } from './platform/errors-http';
import { installUploads } from './platform/http';
import { DEFAULT_HTTP_TIMEOUTS, httpServerOptions, serializeRequest, type HttpTimeouts } from './platform/http-limits';
import { installJsonDepthLimit } from './platform/json-depth';
import { createLogBuffer, type LogBuffer } from './platform/log-buffer';
import { createLogger } from './platform/logger';
import { createReaper } from './platform/reaper';
import { resolvePaths } from './platform/paths';
import { installSecurityHeaders } from './platform/security-headers';
import { installSecurity, type AuthFailureLimit } from './platform/security-hooks';
import { createUserDataBackup } from './platform/user-data';
import { createRequestGate } from './platform/request-gate';
import { installWarmUp } from './platform/warm-up';

/** A server nobody has asked anything yet loads the CLI's version and the Agent SDK this long after listening. */
const WARM_UP_IDLE_MS = 1000;

/** Largest accepted request body (413 beyond). */
export const BODY_LIMIT_BYTES = 10 * 1024 * 1024;

export interface BuildAppOptions {
  /** The user's home directory (GET /api/system/status reports it); os.homedir() when absent. */
  homeDir?: string;
  cuiHome?: string;
  claudeConfigDir?: string;
  /** `--token`: overrides the config's auth token for this process (not persisted). */
  token?: string;
  logLevel?: string;
  /** Write logs to stdout too (the server does; tests don't). */
  logStdout?: boolean;
  /** Fixed environment for CLI children on top of process.env (the demo's and tests' pointer at the fake model). */
  childEnv?: Record<string, string | undefined>;
  /** Further sources of each run's environment, applied after `childEnv` (see features/runs/run-environment.ts). */
  runEnvironment?: RunEnvironmentContributor[];
  /** Default Claude executable; the config's `claudeExecutablePath`, else the SDK's bundled binary, when absent. */
  claudeExecutablePath?: string;
  /** Built web app to serve (dist/web); nothing is served when absent or missing. */
  webRoot?: string;
  demoMode?: boolean;
  /** A directory offered as the most recent working directory until sessions of its own exist (the demo's project). */
  suggestedDirectory?: string;
  /** Largest accepted request body in bytes; BODY_LIMIT_BYTES when absent. */
  bodyLimit?: number;
  /** The ring buffer behind /api/logs; a new one when absent. */
  logBuffer?: LogBuffer;
  /** Failed token checks one client may make per window before 429; 30 per minute when absent. */
  authFailureLimit?: AuthFailureLimit;
  /** Calls of a notification's Approve/Deny link one client may make per window before 429; 30 per minute when absent. */
  capabilityLimit?: AuthFailureLimit;
  /** The domain event bus; a new one when absent (a test passes its own to observe the facts features publish). */
  bus?: EventBus;
  /** Shows start-up problems the user should know about (a damaged database) to whoever started the server. */
  onStartupNotice?: (message: string) => void;
  /** The bundled index worker script (dist/server/index-worker.js); transcripts are indexed in-thread when absent. */
  indexWorkerScript?: string;
  /** Where transcripts are read for the index (a test's gated pool); as `indexWorkerScript` says when absent. */
  indexPool?: IndexPool;
  /** Timings of the follow stream (heartbeats, terminal re-checks); defaults when absent. */
  followOptions?: { heartbeatMs?: number; activityCheckMs?: number };
  /** Tuning of CLI runs (retention of finished runs' events, stop timings); defaults when absent. */
  runOptions?: RunManagerOptions;
  /** Request, header and idle time limits of the HTTP server; DEFAULT_HTTP_TIMEOUTS for what is absent. */
  httpTimeouts?: Partial<HttpTimeouts>;
  /** Where notifications go; ntfy (to the configured server) and web push when absent. */
  notificationChannels?: NotificationChannel[];
  /** TLS trust for web push services (tests: the fake push service's self-signed certificate); Node's default when absent. */
  webPushAgent?: Agent;
  /** How schedules read their patterns (tests: `allowSeconds`, a schedule every second); five fields when absent. */
  scheduleTiming?: TimingOptions;
  /** Where voice input reads GOOGLE_API_KEY, GEMINI_API_KEY and GOOGLE_GEMINI_BASE_URL; process.env when absent. */
  voiceEnv?: VoiceEnv;
}

/** Voice input follows the stored gemini config: its client and cached health are dropped on each change. */
function startVoice(platform: PlatformDeps, env: VoiceEnv): VoiceService {
  const voice = createVoiceService({ getConfig: () => platform.config.get().gemini, env, logger: platform.logger, createClient: createGeminiClient });
  platform.bus.subscribe('config.changed', ({ sections }) => {
    if (sections.includes('gemini')) voice.reset();
  });
  return voice;
}

/** A session's title as the list shows it; a run's prompt (or the session it resumed) until the index knows it. */
function liveTitle(sessions: SessionIndex, runs: LiveRuns, sessionId: string): string {
  const run = runs.bySession(sessionId);
  return sessions.titleOf(sessionId, run ? { prompt: run.initialPrompt, ...(run.resumedFrom ? { resumedFrom: run.resumedFrom } : {}) } : {});
}

/** The router child follows the stored router config: started at boot when enabled, restarted on each change. */
function startModelRouter(platform: PlatformDeps): ModelRouter {
  const router = createModelRouter({ logger: platform.logger });
  platform.bus.subscribe('config.changed', ({ sections }) => {
    if (sections.includes('router')) void router.apply(platform.config.get().router);
  });
  if (platform.config.get().router.enabled) void router.apply(platform.config.get().router);
  return router;
}

async function createPlatform(options: BuildAppOptions): Promise<PlatformDeps> {
  const paths = resolvePaths({ home: options.homeDir, cuiHome: options.cuiHome, claudeConfigDir: options.claudeConfigDir });
  const logBuffer = options.logBuffer ?? createLogBuffer();
  const logger = createLogger({ level: options.logLevel, stdout: options.logStdout, buffer: logBuffer });
  const bus = options.bus ?? createEventBus(logger);
  const config = createConfigStore({ path: paths.configPath, bus });
  const db = openDatabaseWithRecovery({ file: paths.dbPath, backupFile: paths.userDataBackupPath, logger, notify: options.onStartupNotice });
  // A start request may still name another executable; this is the default for those that don't.
  const executablePath = options.claudeExecutablePath ?? config.get().claudeExecutablePath ?? bundledClaudePath();
  // Never awaited here: the server answers first; the version is learned once it listens (see buildApp).
  const versions = createClaudeVersions();
  const claude: ClaudeInfo = { executablePath, version: () => versions.versionOf(executablePath), sdkQuery: createSdkLoader() };
  return { paths, logBuffer, logger, config, db, bus, claude, demoMode: options.demoMode ?? false };
}

/** `name[:port]` of the configured public URL as a Host header carries it (lower case), or undefined. */
function publicHost(publicUrl: string | undefined): string | undefined {
  return publicUrl ? new URL(publicUrl).host.toLowerCase() : undefined;
}

function readIndexHtml(webRoot: string): string | undefined {
  const file = path.join(webRoot, 'index.html');
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** How runs sign in to Claude (main.ts logs it at start-up). */
    claudeSignIn: ClaudeSignIn;
  }
}

/** Asked of the CLI with a run's environment before the router's part (with the router on, runs sign in to it). */
function startSignIn(platform: PlatformDeps, options: BuildAppOptions): ClaudeSignIn {
  const runEnv = composeRunEnvironment({ base: process.env, config: platform.config, contributors: [fixedEnvironment(options.childEnv ?? {}), ...(options.runEnvironment ?? [])] });
  return createClaudeSignIn({
    claude: platform.claude,
    logger: platform.logger,
    cwd: platform.paths.home,
    runEnv: () => runEnv({ workingDirectory: platform.paths.home, permissionMode: 'default' }).env,
    router: () => platform.config.get().router,
  });
}

/** Builds the whole server without listening: every dependency is created here and passed explicitly. */
export async function buildApp(options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const platform = await createPlatform(options);
  const sessionInfo = createSessionInfoStore(platform);
  const backup = createUserDataBackup({ db: platform.db, file: platform.paths.userDataBackupPath, logger: platform.logger });
  const reaper = createReaper(platform.logger);
  // Before any run of this server is recorded: what is still recorded as live belongs to a previous server.
  recoverInterruptedRuns(platform.db, platform.logger, reaper);
  const trust = createTrustService({ db: platform.db, claudeGlobalConfigPath: platform.paths.claudeGlobalConfigPath });
  const runSettings = createRunSettingsPolicy({ ...platform, trust });
  const router = startModelRouter(platform);
  const runEnvironment = composeRunEnvironment({
    base: process.env,
    config: platform.config,
    contributors: [fixedEnvironment(options.childEnv ?? {}), routerEnvironment(router), ...(options.runEnvironment ?? [])],
  });
  // `sessions` is read only when a run ends, long after both exist.
  const sessionTitle: RunManagerDeps['sessionTitle'] = (sessionId, fallback) => sessions.titleOf(sessionId, fallback);
  const heldInTerminal: RunManagerDeps['heldInTerminal'] = (sessionId) => sessions.activeInTerminal(sessionId);
  const guard = createRunGuard({ db: platform.db, reaper, logger: platform.logger });
  const runs = createRunManager({ ...platform, sessionInfo, runEnvironment, runSettings, sessionTitle, heldInTerminal, guard, runOptions: options.runOptions });
  const requestGate = createRequestGate();
  const sessions = createSessionIndex({
    ...platform, sessionInfo, runs, suggestedDirectory: options.suggestedDirectory, indexWorkerScript: options.indexWorkerScript, indexPool: options.indexPool, requestsIdle: requestGate.idle,
  });
  const subscriptions = createPushSubscriptionStore(platform.db);
  const webPush = createWebPush({ ...platform, subscriptions, ...(options.webPushAgent ? { agent: options.webPushAgent } : {}) });
  const voice = startVoice(platform, options.voiceEnv ?? process.env);
  // In memory only: a restart kills every Approve/Deny link sent so far.
  const actionTokens = createActionTokenStore();
  const notifier = createNotifier({ ...platform, sessionInfo, actionTokens, channels: options.notificationChannels ?? [createNtfyChannel(), webPush.channel] });

  const app = Fastify({
    // Request log lines name the path only: a query string may carry anything.
    loggerInstance: platform.logger.child({ component: 'http' }, { serializers: { req: serializeRequest } }) as FastifyBaseLogger,
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
    bodyLimit: options.bodyLimit ?? BODY_LIMIT_BYTES,
    ...httpServerOptions({ ...DEFAULT_HTTP_TIMEOUTS, ...options.httpTimeouts }),
  });
  const indexHtml = options.webRoot ? readIndexHtml(options.webRoot) : undefined;
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

  registerSettingsRoutes(app, platform);
  const signIn = startSignIn(platform, options);
  app.decorate('claudeSignIn', signIn);
  registerSystemRoutes(app, { ...platform, runs, routerStatus: () => router.status(), signIn });
  registerLogRoutes(app, platform);
  registerFileRoutes(app, platform);
  const schedules = registerSchedules(app, {
    ...platform, startRun: (request) => runs.start(request), isTrusted: (folder) => trust.trustedBy(folder) !== null, timing: options.scheduleTiming,
    costOf: async (sessionId) => (await sessions.list({ sessionId })).conversations[0]?.usage?.costUsd,
  });
  registerSessionRoutes(app, { ...platform, sessions, sessionInfo, runs, scheduleOf: schedules.linkOf });
  registerSearchRoutes(app, { sessions });
  registerFollowRoute(app, { sessions, logger: platform.logger, ...options.followOptions });
  registerRunRoutes(app, { ...platform, runs });
  registerInboxRoutes(app, { ...platform, permissions: runs.permissions, sessionTitle: (id) => liveTitle(sessions, runs, id) });
  registerTrustRoutes(app, { ...platform, trust });
  registerWorktreeRoutes(app, { worktrees: createWorktreeService({ runs, logger: platform.logger }) });
  registerNotificationRoutes(app, { webPush, subscriptions });
  registerNotifyActionRoute(app, { ...platform, actionTokens, decide: (id, decision, via) => runs.permissions.decide(id, decision, via) });
  registerVoiceRoutes(app, { voice });

  const spaShell = indexHtml !== undefined;
  // One wildcard route: a route per build file (wildcard: false; ~360 files) cost ~100 ms of start-up.
  if (spaShell) await app.register(fastifyStatic, { root: options.webRoot as string, wildcard: true, preCompressed: true });
  // SPA fallback: any non-API GET serves the shell.
  installNotFoundHandler(app, { spaShell });

  // Serve first: the CLI's version and the Agent SDK are loaded in the background after the first answer (or once the
  // server has been idle a while); the status route and a run's start load them on demand before that.
  installWarmUp(app, {
    idleMs: WARM_UP_IDLE_MS,
    warmUp: () => {
      void platform.claude.version();
      // Loading the SDK holds the main thread 0.1-0.15 s: once the index has nothing left to do (a first index of
      // thousands of sessions is asked for pages meanwhile); a run started before then loads it at once.
      void sessions
        .settled()
        .then(() => platform.claude.sdkQuery())
        .catch((error: unknown) => platform.logger.error({ err: error }, 'the Agent SDK could not be loaded'));
    },
  });
  // Before the HTTP server closes: ending the runs ends their open streams, which close() would wait for.
  app.addHook('preClose', () => runs.close());
  app.addHook('onClose', async () => {
    await runs.close();
    await reaper.close();
    await router.close();
    await sessions.close();
    // After the runs, whose ends may still publish; sends still in flight are aborted.
    await notifier.close();
    backup.close();
    platform.bus.close();
    platform.db.close();
  });
  return app;
}
