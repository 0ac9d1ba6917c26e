import { bundledClaudePath } from './cli/claude-binary';
import { createSdkLoader } from './cli/claude-query';
import { createClaudeVersions } from './cli/claude-version';
import type { ClaudeInfo, PlatformDeps } from './context';
import { composeRunEnvironment, createRunGuard, createRunManager, createRunState, fixedEnvironment, recoverInterruptedRuns, type RunEnvironmentContributor, type RunManager, type RunManagerOptions } from './features/runs/index';
import { createModelRouter, routerEnvironment, type ModelRouter } from './features/router/index';
import { createSessionIndex, createSessionInfoStore, type SessionIndex, type SessionInfoStore } from './features/sessions/index';
import type { IndexPool } from './features/transcript-index/index';
import { createConfigStore } from './features/settings/index';
import { createCliCommands, type CliCommands } from './features/files/index';
import { createClaudeSignIn, type ClaudeSignIn } from './features/system/index';
import { createRunSettingsPolicy, createTrustService, type TrustService } from './features/trust/index';
import { createWorkspace, type Workspace } from './features/workspace/index';
import { createEventBus, type EventBus } from './platform/bus';
import { openDatabaseWithRecovery } from './platform/db-recovery';
import { createLogBuffer, type LogBuffer } from './platform/log-buffer';
import { createLogger, type LoggerOptions } from './platform/logger';
import { resolvePaths } from './platform/paths';
import { createReaper, type Reaper } from './platform/reaper';
import { createRequestGate, type RequestGate } from './platform/request-gate';
import { createUserDataBackup } from './platform/user-data';

/** Where the server keeps its state and logs: the platform every feature builds on. */
export interface PlatformOptions {
  /** The user's home directory (GET /api/system/status reports it); os.homedir() when absent. */
  homeDir?: string;
  cuiHome?: string;
  claudeConfigDir?: string;
  logLevel?: string;
  /** Write logs to stdout too (the server does; tests don't): JSON lines, or through the given (pretty) destination. */
  logStdout?: LoggerOptions['stdout'];
  /** The ring buffer behind /api/logs; a new one when absent. */
  logBuffer?: LogBuffer;
  /** The domain event bus; a new one when absent (a test passes its own to observe the facts features publish). */
  bus?: EventBus;
  /** Shows start-up problems the user should know about (a damaged database) to whoever started the server. */
  onStartupNotice?: (message: string) => void;
  demoMode?: boolean;
  /** Default Claude executable; the config's `claudeExecutablePath`, else the SDK's bundled binary, when absent. */
  claudeExecutablePath?: string;
}

/** How the shared services (runs and the session list) are built. */
export interface CoreOptions {
  /** Fixed environment for CLI children on top of process.env (the demo's and tests' pointer at the fake model). */
  childEnv?: Record<string, string | undefined>;
  /** Further sources of each run's environment, applied after `childEnv` (see features/runs/run-environment.ts). */
  runEnvironment?: RunEnvironmentContributor[];
  /** Tuning of CLI runs (retention of finished runs' events, stop timings); defaults when absent. */
  runOptions?: RunManagerOptions;
  /** A directory offered as the most recent working directory until sessions of its own exist (the demo's project). */
  suggestedDirectory?: string;
  /** The bundled index worker script (dist/server/index-worker.js); transcripts are indexed in-thread when absent. */
  indexWorkerScript?: string;
  /** Where transcripts are read for the index (a test's gated pool); as `indexWorkerScript` says when absent. */
  indexPool?: IndexPool;
}

/** The services several features share, built once in dependency order (no late binding). */
export interface Core {
  platform: PlatformDeps;
  sessionInfo: SessionInfoStore;
  trust: TrustService;
  router: ModelRouter;
  runs: RunManager;
  sessions: SessionIndex;
  workspace: Workspace;
  /** How runs sign in to Claude, asked of the CLI (main.ts logs it at start-up). */
  signIn: ClaudeSignIn;
  /** The CLI's slash commands per folder (the composer's `/` menu). */
  commands: CliCommands;
  /** Counts requests in flight: the index's slices give way to them. */
  requestGate: RequestGate;
  /** Ends a dead server's CLI processes (runs, the short `claude mcp` commands) and the terminals' shells. */
  reaper: Reaper;
  /** A CLI child's environment outside a run, for a working directory (no CUI_TOKEN): a terminal's shell gets it too. */
  cliEnv(workingDirectory: string): Record<string, string | undefined>;
  /** Ends the runs (their processes gone), then the reaper. */
  closeRuns(): Promise<void>;
  /** Ends the session index, the user-data backup, the bus and the database: last. */
  closeStorage(): Promise<void>;
}

export async function createPlatform(options: PlatformOptions): Promise<PlatformDeps> {
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

/** Runs and the session list: the list is built on the runs' state, the manager on the list (a port each way, no cycle). */
function createRunsAndSessions(platform: PlatformDeps, options: CoreOptions, shared: { sessionInfo: SessionInfoStore; reaper: Reaper; trust: TrustService; router: ModelRouter; requestGate: RequestGate }) {
  const runEnvironment = composeRunEnvironment({
    base: process.env,
    config: platform.config,
    contributors: [fixedEnvironment(options.childEnv ?? {}), routerEnvironment(shared.router), ...(options.runEnvironment ?? [])],
  });
  const state = createRunState({ ...platform, runOptions: options.runOptions });
  const { sessionInfo } = shared;
  const sessions = createSessionIndex({
    ...platform, sessionInfo, runs: state, ownsProcess: (pid) => shared.reaper.watching(pid), suggestedDirectory: options.suggestedDirectory, indexWorkerScript: options.indexWorkerScript, indexPool: options.indexPool, requestsIdle: shared.requestGate.idle,
  });
  const guard = createRunGuard({ db: platform.db, reaper: shared.reaper, logger: platform.logger });
  const runSettings = createRunSettingsPolicy({ ...platform, trust: shared.trust });
  const runs = createRunManager({ ...platform, sessionInfo, runEnvironment, runSettings, sessions, state, guard, runOptions: options.runOptions });
  return { runs, sessions };
}

/** A CLI child's environment outside a run (the sign-in check, the commands question, `claude mcp`): a run's, before the router's part. */
function cliEnvironment(platform: PlatformDeps, options: CoreOptions): (workingDirectory: string) => Record<string, string | undefined> {
  const runEnv = composeRunEnvironment({ base: process.env, config: platform.config, contributors: [fixedEnvironment(options.childEnv ?? {}), ...(options.runEnvironment ?? [])] });
  return (workingDirectory) => runEnv({ workingDirectory, permissionMode: 'default' }).env;
}

/** Asked of the CLI with a run's environment before the router's part (with the router on, runs sign in to it). */
function startCliQuestions(platform: PlatformDeps, envIn: (workingDirectory: string) => Record<string, string | undefined>, shared: { trust: TrustService; reaper: Reaper }): { signIn: ClaudeSignIn; commands: CliCommands } {
  const signIn = createClaudeSignIn({
    claude: platform.claude,
    logger: platform.logger,
    cwd: platform.paths.home,
    runEnv: () => envIn(platform.paths.home),
    router: () => platform.config.get().router,
    owner: shared.reaper,
  });
  const commands = createCliCommands({ ...platform, runEnv: envIn, trusted: (folder) => shared.trust.trustedBy(folder) !== null, owner: shared.reaper });
  return { signIn, commands };
}

export function createCore(platform: PlatformDeps, options: CoreOptions): Core {
  const sessionInfo = createSessionInfoStore(platform);
  const backup = createUserDataBackup({ db: platform.db, file: platform.paths.userDataBackupPath, logger: platform.logger });
  const reaper = createReaper(platform.logger);
  // Before any run of this server is recorded: what is still recorded as live belongs to a previous server.
  recoverInterruptedRuns(platform.db, platform.logger, reaper);
  const trust = createTrustService({ db: platform.db, claudeGlobalConfigPath: platform.paths.claudeGlobalConfigPath });
  const router = createModelRouter({ logger: platform.logger });
  const requestGate = createRequestGate();
  const { runs, sessions } = createRunsAndSessions(platform, options, { sessionInfo, reaper, trust, router, requestGate });
  const workspace = createWorkspace({ runs, sessions, trust, initialCommitOf: (id) => sessionInfo.get(id).initial_commit_head });
  const cliEnv = cliEnvironment(platform, options);
  const { signIn, commands } = startCliQuestions(platform, cliEnv, { trust, reaper });
  return {
    platform, sessionInfo, trust, router, runs, sessions, workspace, signIn, commands, requestGate, reaper, cliEnv,
    async closeRuns() {
      await Promise.all([signIn.close(), commands.close()]);
      await runs.close();
      await reaper.close();
    },
    async closeStorage() {
      await sessions.close();
      backup.close();
      platform.bus.close();
      platform.db.close();
    },
  };
}
