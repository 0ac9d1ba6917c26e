import type { CanUseTool, Options, Query, SpawnedProcess, SpawnOptions, query } from '@anthropic-ai/claude-agent-sdk';
import type { PermissionMode } from '@cui/contract';
import type { PromptInput } from './prompt-input';

/** Which settings a run loads beyond the user's own (decided per working directory by the trust gate). */
export interface RunSettings {
  /** Load the folder's project and local settings (hooks, MCP servers, permission rules, CLAUDE.md). */
  loadProjectSettings: boolean;
  /** Passed as the flag setting `cleanupPeriodDays` (the CLI's transcript clean-up); the CLI's own value when absent. */
  transcriptRetentionDays?: number;
}

/** Everything one run asks of the CLI. */
export interface ClaudeQueryParams extends RunSettings {
  /**
   * The run's user messages, passed as data on the CLI's stdin (stream-json), never as argv: any text is safe.
   * Streaming input keeps the process between turns while it is open (interrupt, then the next message).
   */
  input: PromptInput;
  cwd: string;
  executablePath: string;
  /** The full environment of the child. */
  env: Record<string, string | undefined>;
  /** Preset id of the new session (for a resume: the id of the fork). */
  sessionId: string;
  /** Continue this session's history in a new (forked) session. */
  resumeSessionId?: string;
  /** Resume `resumeSessionId` itself rather than a fork of it: a control process that sends no message (a rewind). */
  resumeInPlace?: boolean;
  model?: string;
  /** Replaces Claude Code's system prompt (like the CLI's `--system-prompt`). */
  systemPrompt?: string;
  permissionMode: PermissionMode;
  /** Work in a new git worktree of this name (the CLI's `--worktree`, see worktree.ts). */
  worktreeName?: string;
  /** Stop the run once its estimated cost reaches this many dollars (a result `error_max_budget_usd`). */
  maxBudgetUsd?: number;
  canUseTool: CanUseTool;
  abortController: AbortController;
  spawnClaudeCodeProcess: (options: SpawnOptions) => SpawnedProcess;
}

/**
 * Builds the Agent SDK options for one run. Choices:
 * - permissions go through the stdio control protocol (`canUseTool`), no MCP side process;
 * - the session id is preset (`--session-id`), so the console knows it before the CLI answers;
 * - a resume forks (`forkSession`): the follow-up gets a new session id and the old transcript is untouched;
 *   only a control process (`resumeInPlace`, sends no message) opens the session itself;
 * - file checkpointing is on: each user message's files can be restored later (`rewindFiles`, the rewind feature);
 * - without a custom system prompt, Claude Code's own (preset `claude_code`) is used, as the CLI would;
 *   a custom one is not snapshotted, so it is honoured again on every resume;
 * - settings sources are the CLI's defaults (user, project, local) in a trusted folder, and only the user's
 *   in an untrusted one: `-p` has no trust dialog, so the folder's hooks and MCP servers would run unasked;
 * - `transcriptRetentionDays` becomes a flag setting (outranks user, project and local settings);
 * - `canUseTool` stays wired in Yolo (bypassPermissions) too: the SDK warns it is never consulted there
 *   (CLAUDE_SDK_CAN_USE_TOOL_SHADOWED), but AskUserQuestion still comes through it (tested).
 */
export function buildQueryOptions(params: ClaudeQueryParams): Options {
  const options: Options = {
    cwd: params.cwd,
    env: params.env,
    pathToClaudeCodeExecutable: params.executablePath,
    spawnClaudeCodeProcess: params.spawnClaudeCodeProcess,
    abortController: params.abortController,
    canUseTool: params.canUseTool,
    permissionMode: params.permissionMode,
    sessionId: params.sessionId,
    // Token deltas (`stream_event`) for text as it is typed; the complete assistant messages still follow.
    includePartialMessages: true,
    enableFileCheckpointing: true,
    systemPrompt: params.systemPrompt
      ? { type: 'custom', prompt: params.systemPrompt, snapshot: false }
      : { type: 'preset', preset: 'claude_code' },
  };
  if (params.permissionMode === 'bypassPermissions') options.allowDangerouslySkipPermissions = true;
  if (params.model) options.model = params.model;
  if (!params.loadProjectSettings) options.settingSources = ['user'];
  if (params.transcriptRetentionDays !== undefined) options.settings = { cleanupPeriodDays: params.transcriptRetentionDays };
  if (params.maxBudgetUsd !== undefined) options.maxBudgetUsd = params.maxBudgetUsd;
  if (params.worktreeName) options.extraArgs = { worktree: params.worktreeName };
  if (params.resumeSessionId) {
    options.resume = params.resumeSessionId;
    // The SDK takes a preset id with a resume only for a fork.
    if (params.resumeInPlace) delete options.sessionId;
    else options.forkSession = true;
  }
  return options;
}

/**
 * Variables of the server's own environment a CLI child must not inherit: Node debugging/preload options,
 * and the markers Claude Code sets for its own children (a console started from a Claude Code terminal
 * would otherwise make every run look nested, with the wrong entrypoint).
 */
const NOT_INHERITED = ['NODE_OPTIONS', 'VSCODE_INSPECTOR_OPTIONS', 'CLAUDECODE', 'CLAUDE_CODE_ENTRYPOINT', 'CLAUDE_CODE_SSE_PORT'];

/** The child's environment: the server's (minus NOT_INHERITED), then the configured overrides on top. */
export function childEnvironment(base: NodeJS.ProcessEnv, overrides: Record<string, string | undefined>): Record<string, string | undefined> {
  const env: Record<string, string | undefined> = { ...base };
  for (const name of NOT_INHERITED) delete env[name];
  return { ...env, ...overrides };
}

/** The Agent SDK's `query()`. */
export type ClaudeQueryFn = typeof query;

/**
 * Loads the Agent SDK on first use (once: the promise is kept). Its module takes ~0.1–0.2 s to load, which
 * would otherwise delay the server's first answer: the server preloads it once it listens, and a start waits for it.
 */
export function createSdkLoader(): () => Promise<ClaudeQueryFn> {
  let loading: Promise<ClaudeQueryFn> | undefined;
  return () => (loading ??= import('@anthropic-ai/claude-agent-sdk').then((sdk) => sdk.query));
}

/** Starts the CLI through the Agent SDK's `query`; messages arrive by iterating the returned query. */
export function startClaudeQuery(params: ClaudeQueryParams, sdkQuery: ClaudeQueryFn): Query {
  return sdkQuery({ prompt: params.input, options: buildQueryOptions(params) });
}
