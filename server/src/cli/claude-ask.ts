import type { Query, SettingSource } from '@anthropic-ai/claude-agent-sdk';
import { identify } from '../platform/process-identity';
import type { ProcessOwner } from '../platform/reaper';
import { createClaudeSpawner } from './claude-process';
import type { ClaudeQueryFn } from './claude-query';
import { createPromptInput } from './prompt-input';

export interface AskParams {
  executablePath: string;
  cwd: string;
  /** The environment a run would get (the credentials in it are passed to the CLI, never reported). */
  env: Record<string, string | undefined>;
  sdkQuery: ClaudeQueryFn;
  /** Which settings the CLI loads; absent: all of them (user, project, local), as a run in a trusted folder. */
  settingSources?: SettingSource[];
  timeoutMs?: number;
  /** Ends the question early (the server is closing): the process is ended as on a timeout. */
  signal?: AbortSignal;
  /** Who ends the CLI if the server dies while it is asked (the reaper): told of it once spawned, then released. */
  owner?: ProcessOwner;
}

/** Starting the CLI and its initialize answer take ~0.5 s; a stuck CLI is given up on after this. */
const ASK_TIMEOUT_MS = 20_000;

function deadline(params: AskParams): { timeout: Promise<never>; clear(): void } {
  const ms = params.timeoutMs ?? ASK_TIMEOUT_MS;
  let timer: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`Claude Code did not answer within ${ms / 1000} s`)), ms);
    onAbort = () => reject(new Error('the server is closing: Claude Code was not asked to the end'));
    if (params.signal?.aborted) onAbort();
    else params.signal?.addEventListener('abort', onAbort, { once: true });
  });
  return {
    timeout,
    clear() {
      clearTimeout(timer);
      if (onAbort) params.signal?.removeEventListener('abort', onAbort);
    },
  };
}

/**
 * Starts the CLI with no message, asks it something through its control channel (`read`: no API call is made) and
 * ends it. The process leads its own group and is ended on every path, the timeout included.
 */
export async function askClaude<T>(params: AskParams, read: (query: Query) => Promise<T>): Promise<T> {
  if (params.signal?.aborted) throw new Error('the server is closing: Claude Code was not asked');
  const owner = params.owner;
  const spawner = createClaudeSpawner({
    onSpawned: (pid) => {
      if (pid !== undefined) owner?.watch(identify(pid));
    },
  });
  const input = createPromptInput();
  const abortController = new AbortController();
  const query = params.sdkQuery({
    prompt: input,
    options: {
      cwd: params.cwd,
      env: params.env,
      pathToClaudeCodeExecutable: params.executablePath,
      spawnClaudeCodeProcess: spawner.spawnClaudeCodeProcess,
      abortController,
      ...(params.settingSources ? { settingSources: params.settingSources } : {}),
    },
  });
  // Nobody reads its messages: drain them so its end (an abort error) is nobody's unhandled rejection.
  const drained = (async () => {
    for await (const _message of query);
  })().catch(() => undefined);
  const limit = deadline(params);
  try {
    return await Promise.race([read(query), limit.timeout]);
  } finally {
    limit.clear();
    input.end();
    abortController.abort();
    const cli = spawner.current();
    cli?.signalGroup('SIGTERM');
    await Promise.race([drained, cli?.exited]);
    // Released only once it has exited: ended early, its group may still be going down.
    if (cli?.pid !== undefined) {
      const pid = cli.pid;
      void cli.exited.then(() => owner?.forget(pid));
    }
  }
}
