import type Database from 'better-sqlite3';
import type { ClaudeQueryFn } from './cli/claude-query';
import type { Logger } from 'pino';
import type { EventBus } from './platform/bus';
import type { ConfigStore } from './features/settings/index';
import type { LogBuffer } from './platform/log-buffer';
import type { CuiPaths } from './platform/paths';

/** The Claude Code executable runs use unless a request names another. */
export interface ClaudeInfo {
  executablePath: string;
  /** Learned lazily (running the binary costs up to a second on a cold disk) and cached per binary. */
  version(): Promise<string>;
  /** The Agent SDK's query(), loaded on first use (its module is slow to load: not on the start-up path). */
  sdkQuery(): Promise<ClaudeQueryFn>;
}

/**
 * Everything a feature may use, built once in `buildApp` and passed explicitly (no singletons).
 * Feature services that others need (runs, session index, session info) are added to this object
 * by their feature's `create…` function in app.ts.
 */
export interface PlatformDeps {
  paths: CuiPaths;
  config: ConfigStore;
  logger: Logger;
  logBuffer: LogBuffer;
  db: Database.Database;
  /** Domain facts between features (run.started, permission.requested, config.changed, …). */
  bus: EventBus;
  claude: ClaudeInfo;
  /** True when running against the scripted fake model (npm run demo). */
  demoMode: boolean;
}

/** A live run as other features see it (the runs feature owns the process). */
export interface LiveRunInfo {
  streamingId: string;
  sessionId: string;
  workingDirectory: string;
  /** ISO time the run started. */
  startedAt: string;
  permissionMode: string;
  model?: string;
  /** The prompt that started the run: the list's summary until the CLI's transcript exists. */
  initialPrompt: string;
  /** The session this run resumed (the CLI forks it into the run's session): its title and messages until then. */
  resumedFrom?: string;
}

/** Read side of the runs feature, used by the session list to mark sessions ongoing (changes: `run.*` on the bus). */
export interface LiveRuns {
  list(): LiveRunInfo[];
  bySession(sessionId: string): LiveRunInfo | undefined;
  /**
   * Whether this pid is the CLI of one of this console's runs, including one that finished but whose process is
   * still exiting (it is then no longer listed, yet still holds its entry in the CLI's process registry).
   */
  ownsProcess?(pid: number): boolean;
}
