import type { AccountInfo, ModelInfo } from '@anthropic-ai/claude-agent-sdk';
import type { ClaudeAuth, ModelOption } from '@cui/contract';
import { identify } from '../platform/process-identity';
import type { ProcessOwner } from '../platform/reaper';
import { createClaudeSpawner } from './claude-process';
import type { ClaudeQueryFn } from './claude-query';
import { createPromptInput } from './prompt-input';

/** What the CLI says about itself before any message: the account it would use and the models it offers. */
export interface ClaudeSelfReport {
  auth: ClaudeAuth;
  models: ModelOption[];
  /** What 'Default' resolves to, when the CLI says. */
  defaultModel?: string;
}

export interface ProbeParams {
  executablePath: string;
  cwd: string;
  /** The environment a run would get (the credentials in it are passed to the CLI, never reported). */
  env: Record<string, string | undefined>;
  sdkQuery: ClaudeQueryFn;
  timeoutMs?: number;
  /** Ends the question early (the server is closing): the process is ended as on a timeout. */
  signal?: AbortSignal;
  /** Who ends the CLI if the server dies while it is asked (the reaper): told of it once spawned, then released. */
  owner?: ProcessOwner;
}

/** Starting the CLI and its initialize answer take ~0.5 s; a stuck CLI is given up on after this. */
const PROBE_TIMEOUT_MS = 20_000;

/** The CLI's account answer as the contract says it, without anything secret (the SDK never carries the key). */
export function classifyAccount(account: AccountInfo): ClaudeAuth {
  const details = {
    ...(account.email ? { email: account.email } : {}),
    ...(account.organization ? { organization: account.organization } : {}),
    ...(account.subscriptionType ? { subscription: account.subscriptionType } : {}),
  };
  if (account.apiProvider && account.apiProvider !== 'firstParty') return { method: 'cloud-provider', source: account.apiProvider, ...details };
  if (account.apiKeySource && account.apiKeySource !== 'none') return { method: 'api-key', source: account.apiKeySource, ...details };
  const token = account.tokenSource;
  if (token && token !== 'none') return { method: token === 'claude.ai' ? 'logged-in' : 'oauth-token', source: token, ...details };
  // A login saved in CLAUDE_CONFIG_DIR: the CLI names the subscription (or the account) and no token source.
  if (token === undefined && (account.subscriptionType || account.email)) return { method: 'logged-in', source: 'CLAUDE_CONFIG_DIR', ...details };
  return { method: 'none' };
}

/** The CLI's model list as menu entries: its 'default' row is the web's 'Default', so it is left out. */
export function modelOptions(models: ModelInfo[]): { models: ModelOption[]; defaultModel?: string } {
  const fallback = models.find((model) => model.value === 'default');
  return {
    models: models
      .filter((model) => model.value !== 'default')
      .map((model) => ({ value: model.value, displayName: model.displayName, ...(model.description ? { description: model.description } : {}) })),
    ...(fallback?.resolvedModel ? { defaultModel: fallback.resolvedModel } : {}),
  };
}

/**
 * Starts the CLI with no message, reads its initialize answer (account and models: no API call is made) and ends it.
 * The process leads its own group and is ended on every path, the timeout included.
 */
export async function probeClaude(params: ProbeParams): Promise<ClaudeSelfReport> {
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
      // The user's settings only (an apiKeyHelper or env there decides the sign-in); no folder's hooks run.
      settingSources: ['user'],
    },
  });
  // Nobody reads its messages: drain them so its end (an abort error) is nobody's unhandled rejection.
  const drained = (async () => {
    for await (const _message of query);
  })().catch(() => undefined);
  let timer: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`Claude Code did not answer within ${(params.timeoutMs ?? PROBE_TIMEOUT_MS) / 1000} s`)), params.timeoutMs ?? PROBE_TIMEOUT_MS);
    onAbort = () => reject(new Error('the server is closing: Claude Code was not asked to the end'));
    if (params.signal?.aborted) onAbort();
    else params.signal?.addEventListener('abort', onAbort, { once: true });
  });
  try {
    const init = await Promise.race([query.initializationResult(), timeout]);
    return { auth: classifyAccount(init.account), ...modelOptions(init.models) };
  } finally {
    clearTimeout(timer);
    if (onAbort) params.signal?.removeEventListener('abort', onAbort);
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
