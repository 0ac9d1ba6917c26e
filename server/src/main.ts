import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import pino, { type DestinationStream } from 'pino';
import { buildApp } from './app';
import { workersPayOff } from './features/transcript-index/index';
import { loadConfigFile } from './features/settings/index';
import { describeSignIn } from './features/system/index';
import { resolvePaths } from './platform/paths';
import { parseServerArgs, resolveTokenOverride, startupUrl, USAGE, UsageError, type ServerArgs } from './platform/server-args';
import { createPrettyDestination, logFormatFromEnv, LogFormatError, printStartupUrl } from './platform/terminal-output';

/** A start-up failure the user can act on: printed as one line, without a stack trace. */
class StartupError extends Error {}

function logLevelFromEnv(env: NodeJS.ProcessEnv): string | undefined {
  const level = env.LOG_LEVEL?.trim().toLowerCase();
  if (!level) return undefined;
  if (!Object.keys(pino.levels.values).includes(level) && level !== 'silent') {
    throw new StartupError(`LOG_LEVEL must be one of ${Object.keys(pino.levels.values).join(', ')}, silent; got '${env.LOG_LEVEL}'`);
  }
  return level;
}

async function listen(app: FastifyInstance, host: string, port: number): Promise<number> {
  try {
    await app.listen({ host, port });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') throw new StartupError(`port ${port} on ${host} is already in use (choose another with --port)`);
    if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') throw new StartupError(`cannot bind to host '${host}' (${code})`);
    throw error;
  }
  const address = app.server.address();
  return address && typeof address === 'object' ? address.port : port;
}

/**
 * Repeats closer together than this are one signal: Ctrl-C under `npm start` reaches the server through the
 * terminal's process group and again through npm forwarding it.
 */
const DUPLICATE_SIGNAL_MS = 1000;

/** Longest a graceful shutdown may take before the process exits anyway. */
const SHUTDOWN_TIMEOUT_MS = 15_000;

/** SIGINT/SIGTERM close the app (which stops every CLI run), then exit 0; a second signal exits at once. */
function handleSignals(app: FastifyInstance): void {
  let firstSignalAt: number | undefined;
  const onSignal = (signal: NodeJS.Signals): void => {
    if (firstSignalAt !== undefined) {
      if (Date.now() - firstSignalAt < DUPLICATE_SIGNAL_MS) return;
      process.stderr.write(`\ncui: ${signal} again, exiting without waiting\n`);
      process.exit(1);
    }
    firstSignalAt = Date.now();
    app.log.info({ signal }, 'shutting down');
    // Something that never lets go (a stuck stream or child) must not keep the process alive forever.
    setTimeout(() => {
      process.stderr.write(`cui: shutdown took longer than ${SHUTDOWN_TIMEOUT_MS / 1000} s, exiting\n`);
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS).unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`cui: error while shutting down: ${error instanceof Error ? error.message : String(error)}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}

/** The token override (flag, file or CUI_TOKEN); the variable is removed so CLI runs and their tools never inherit it. */
function tokenOverride(args: ServerArgs): string | undefined {
  let token: string | undefined;
  try {
    token = resolveTokenOverride(args, process.env, (file) => fs.readFileSync(file, 'utf8'));
  } catch (error) {
    if (error instanceof UsageError) throw new StartupError(error.message);
    throw error;
  }
  delete process.env.CUI_TOKEN;
  return token;
}

/** Where the log goes on stdout: JSON lines, or short human lines on a terminal (LOG_FORMAT overrides). */
async function logStdout(level: string | undefined): Promise<true | DestinationStream> {
  let format;
  try {
    format = logFormatFromEnv(process.env, process.stdout.isTTY === true);
  } catch (error) {
    if (error instanceof LogFormatError) throw new StartupError(error.message);
    throw error;
  }
  if (format === 'json') return true;
  return createPrettyDestination({ level: level ?? 'info', out: process.stdout, colorize: process.stdout.isTTY === true && !process.env.NO_COLOR });
}

async function start(args: ServerArgs): Promise<void> {
  const token = tokenOverride(args);
  const paths = resolvePaths();
  const logLevel = logLevelFromEnv(process.env);
  const stdout = await logStdout(logLevel);
  // Read before the app (which loads it again into its store) for the listen address and the token it prints; a
  // broken hand-edited file fails here with a message naming the field.
  const config = loadConfigFile(paths.configPath);
  const here = path.dirname(fileURLToPath(import.meta.url));
  const app = await buildApp({
    cuiHome: paths.cuiHome,
    claudeConfigDir: paths.claudeConfigDir,
    token,
    logStdout: stdout,
    logLevel,
    webRoot: path.resolve(here, '../web'),
    // Transcripts are read in worker threads where that pays off (4 cores or more), else in this thread.
    ...(workersPayOff() ? { indexWorkerScript: path.join(here, 'index-worker.js') } : {}),
    demoMode: process.env.CUI_DEMO === '1',
    // `npm run demo` names its scratch project so the composer offers it before any session exists.
    ...(process.env.CUI_DEMO === '1' && process.env.CUI_DEMO_PROJECT ? { suggestedDirectory: process.env.CUI_DEMO_PROJECT } : {}),
    onStartupNotice: (message) => process.stderr.write(`\ncui: ${message}\n\n`),
  });
  handleSignals(app);
  const host = args.host ?? config.server.host;
  const port = await listen(app, host, args.port ?? config.server.port);
  // Asked of the CLI once it serves (~0.5 s, then cached): before the URL, so the URL stays the last line; after the
  // first answer, which a browser tab left open asks as soon as the port opens.
  await app.served;
  app.log.info(describeSignIn(await app.claudeSignIn.auth()));
  // The token goes to the terminal only, never through the logger (the log panel and log files would show it).
  await printStartupUrl(process.stdout, startupUrl(host, port, token ?? config.authToken), { qrCode: process.stdout.isTTY === true });
}

function fail(message: string): never {
  process.stderr.write(`cui failed to start: ${message}\n`);
  process.exit(1);
}

function main(): void {
  let args: ServerArgs;
  try {
    args = parseServerArgs(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`cui: ${error.message}\n\n${USAGE}`);
    process.exit(1);
  }
  if (args.help) {
    process.stdout.write(USAGE);
    return;
  }
  start(args).catch((error: unknown) => {
    // Config problems, bad flags/env and file-system errors (EACCES on CUI_HOME…) are the user's to fix: one line.
    const isSystemError = error instanceof Error && typeof (error as NodeJS.ErrnoException).syscall === 'string';
    if (error instanceof StartupError || isSystemError || (error instanceof Error && error.name === 'AppError')) fail(error.message);
    // Unexpected: keep the stack, it is a bug report.
    fail(error instanceof Error ? (error.stack ?? error.message) : String(error));
  });
}

main();
