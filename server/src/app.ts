import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { ClaudeInfo, PlatformDeps } from './context';
import { bundledClaudePath } from './cli/claude-binary';
import { createSdkLoader } from './cli/claude-query';
import { createClaudeVersions } from './cli/claude-version';
import { registerFileRoutes } from './features/files/index';
import { registerLogRoutes } from './features/logs/index';
import { createRunManager, registerRunRoutes, type RunManagerOptions } from './features/runs/index';
import { createSessionIndex, createSessionInfoStore, registerSessionRoutes } from './features/sessions/index';
import { registerSettingsRoutes } from './features/settings/index';
import { registerSystemRoutes } from './features/system/index';
import { createConfigStore, type ConfigStore } from './platform/config';
import { openDatabase } from './platform/db';
import { installErrorHandler, installNotFoundHandler } from './platform/errors-http';
import { createLogBuffer, type LogBuffer } from './platform/log-buffer';
import { createLogger } from './platform/logger';
import { resolvePaths } from './platform/paths';
import { installSecurity, type AuthFailureLimit } from './platform/security-hooks';

/** Largest accepted request body (413 beyond). */
export const BODY_LIMIT_BYTES = 10 * 1024 * 1024;

export interface BuildAppOptions {
  cuiHome?: string;
  claudeConfigDir?: string;
  /** `--token`: overrides the config's auth token for this process (not persisted). */
  token?: string;
  logLevel?: string;
  /** Write logs to stdout too (the server does; tests don't). */
  logStdout?: boolean;
  /** Environment for CLI children on top of process.env. */
  childEnv?: Record<string, string | undefined>;
  /** Default Claude executable; the config's `claudeExecutablePath`, else the SDK's bundled binary, when absent. */
  claudeExecutablePath?: string;
  /** Built web app to serve (dist/web); nothing is served when absent or missing. */
  webRoot?: string;
  demoMode?: boolean;
  /** An already loaded config (main loads it first for host/port); loaded from CUI_HOME when absent. */
  config?: ConfigStore;
  /** Largest accepted request body in bytes; BODY_LIMIT_BYTES when absent. */
  bodyLimit?: number;
  /** The ring buffer behind /api/logs; a new one when absent. */
  logBuffer?: LogBuffer;
  /** Failed token checks one client may make per window before 429; 30 per minute when absent. */
  authFailureLimit?: AuthFailureLimit;
  /** The bundled index worker script (dist/server/index-worker.js); transcripts are indexed in-thread when absent. */
  indexWorkerScript?: string;
  /** Tuning of CLI runs (retention of finished runs' events, stop timings); defaults when absent. */
  runOptions?: RunManagerOptions;
}

async function createPlatform(options: BuildAppOptions): Promise<PlatformDeps> {
  const paths = resolvePaths({ cuiHome: options.cuiHome, claudeConfigDir: options.claudeConfigDir });
  const logBuffer = options.logBuffer ?? createLogBuffer();
  const logger = createLogger({ level: options.logLevel, stdout: options.logStdout, buffer: logBuffer });
  const config = options.config ?? createConfigStore(paths.configPath);
  const db = openDatabase(paths.dbPath, logger);
  // A start request may still name another executable; this is the default for those that don't.
  const executablePath = options.claudeExecutablePath ?? config.get().claudeExecutablePath ?? bundledClaudePath();
  // Never awaited here: the server answers first; the version is learned once it listens (see buildApp).
  const versions = createClaudeVersions();
  const claude: ClaudeInfo = { executablePath, version: () => versions.versionOf(executablePath), sdkQuery: createSdkLoader() };
  return { paths, logBuffer, logger, config, db, claude, childEnv: options.childEnv ?? {}, demoMode: options.demoMode ?? false };
}

/** Builds the whole server without listening: every dependency is created here and passed explicitly. */
export async function buildApp(options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const platform = await createPlatform(options);
  const sessionInfo = createSessionInfoStore(platform.db);
  const runs = createRunManager({ ...platform, sessionInfo, runOptions: options.runOptions });
  const sessions = createSessionIndex({ ...platform, sessionInfo, runs, indexWorkerScript: options.indexWorkerScript });

  const app = Fastify({
    loggerInstance: platform.logger.child({ component: 'http' }) as FastifyBaseLogger,
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
    bodyLimit: options.bodyLimit ?? BODY_LIMIT_BYTES,
  });
  installErrorHandler(app, platform.logger);
  const tokenOverride = options.token;
  await installSecurity(app, { getToken: () => tokenOverride ?? platform.config.get().authToken, authFailureLimit: options.authFailureLimit });

  registerSettingsRoutes(app, platform);
  registerSystemRoutes(app, { ...platform, runs });
  registerLogRoutes(app, platform);
  registerFileRoutes(app, platform);
  registerSessionRoutes(app, { ...platform, sessions, sessionInfo, runs });
  registerRunRoutes(app, { ...platform, runs });

  const spaShell = Boolean(options.webRoot && fs.existsSync(path.join(options.webRoot, 'index.html')));
  if (spaShell) await app.register(fastifyStatic, { root: options.webRoot as string, wildcard: false });
  // SPA fallback: any non-API GET serves the shell.
  installNotFoundHandler(app, { spaShell });

  // Serve first: the CLI's version and the Agent SDK are loaded in the background once the server listens.
  app.addHook('onListen', () => {
    void platform.claude.version();
    platform.claude.sdkQuery().catch((error: unknown) => platform.logger.error({ err: error }, 'the Agent SDK could not be loaded'));
  });
  // Before the HTTP server closes: ending the runs ends their open streams, which close() would wait for.
  app.addHook('preClose', () => runs.close());
  app.addHook('onClose', async () => {
    await runs.close();
    await sessions.close();
    platform.db.close();
  });
  return app;
}
