import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { ClaudeAuth, ModelsResponse, RouterConfig } from '@cui/contract';
import type { Logger } from 'pino';
import { probeClaude, type ClaudeSelfReport, type ProbeParams } from '../../cli/claude-account';
import type { ClaudeInfo } from '../../context';
import type { ProcessOwner } from '../../platform/reaper';

/** How runs sign in to Claude and which models the CLI offers, asked of the CLI itself and cached (issue 23). */
export interface ClaudeSignIn {
  /** Waits for the CLI's answer (asked at most once per executable, version and credentials). */
  auth(): Promise<ClaudeAuth>;
  /** The last answer at once, `checking` before the first; asks again in the background when something changed. */
  current(): ClaudeAuth;
  /** Ends a question in flight (its CLI process with it) and waits for it: the server is closing. */
  close(): Promise<void>;
  models(): Promise<ModelsResponse>;
}

export interface ClaudeSignInDeps {
  claude: ClaudeInfo;
  logger: Logger;
  /** Where the CLI is started for the question (any folder: no folder settings are loaded). */
  cwd: string;
  /** The environment a run gets before the model-provider router's part (credentials included). */
  runEnv: () => Record<string, string | undefined>;
  /** The router's config as it is now: when enabled, runs go to it and the menu lists its models. */
  router: () => RouterConfig;
  /** Ends the question's CLI if the server dies while it is asked. */
  owner?: ProcessOwner;
  /** The CLI question; `probeClaude` when absent (a unit test passes a double of the SDK's answer). */
  probe?: (params: Omit<ProbeParams, 'sdkQuery'>) => Promise<ClaudeSelfReport>;
}

/** Variables that decide the CLI's sign-in or its model list (only a hash of their values is kept). */
const SIGN_IN_VARIABLES = [
  'ANTHROPIC_API_KEY', 'ANTHROPIC_AUTH_TOKEN', 'CLAUDE_CODE_OAUTH_TOKEN', 'ANTHROPIC_BASE_URL', 'CLAUDE_CONFIG_DIR', 'HOME',
  'CLAUDE_CODE_USE_BEDROCK', 'CLAUDE_CODE_USE_VERTEX', 'CLAUDE_CODE_USE_FOUNDRY', 'ANTHROPIC_MODEL',
];

function mtime(file: string): number {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

/** A key that changes when the executable, its version, the credentials in the environment or a saved login change. */
function cacheKey(executablePath: string, version: string, env: Record<string, string | undefined>): string {
  const hash = createHash('sha256');
  for (const name of SIGN_IN_VARIABLES) hash.update(`${name}=${env[name] ?? ''}\0`);
  const configDir = env.CLAUDE_CONFIG_DIR ?? path.join(env.HOME ?? '', '.claude');
  hash.update(`${mtime(path.join(configDir, '.credentials.json'))}:${mtime(path.join(configDir, 'settings.json'))}`);
  return `${executablePath}\0${version}\0${hash.digest('hex')}`;
}

function routedModels(router: RouterConfig, claudeVersion: string): ModelsResponse {
  const models = router.providers
    .filter((provider) => provider.name.trim() !== '')
    .flatMap((provider) => provider.models.map((model) => ({ value: `${provider.name},${model}`, displayName: model, description: provider.name })));
  return { models, source: 'router', claudeVersion };
}

const ROUTED: ClaudeAuth = { method: 'api-key', source: 'model-provider router', routed: true };

export function createClaudeSignIn(deps: ClaudeSignInDeps): ClaudeSignIn {
  let cached: { key: string; report: Promise<ClaudeSelfReport> } | undefined;
  let last: ClaudeAuth | undefined;
  const closing = new AbortController();
  const probe = deps.probe ?? (async (params) => probeClaude({ ...params, sdkQuery: await deps.claude.sdkQuery() }));

  async function report(): Promise<{ report: ClaudeSelfReport; version: string }> {
    const version = await deps.claude.version();
    const env = deps.runEnv();
    const key = cacheKey(deps.claude.executablePath, version, env);
    if (cached?.key !== key) {
      const asked = probe({ executablePath: deps.claude.executablePath, cwd: deps.cwd, env, signal: closing.signal, ...(deps.owner ? { owner: deps.owner } : {}) }).catch((error: unknown): ClaudeSelfReport => {
        const message = error instanceof Error ? error.message : String(error);
        deps.logger.warn({ err: error }, 'Claude Code could not be asked how it signs in');
        // Not cached: the next question asks again.
        if (cached?.key === key) cached = undefined;
        return { auth: { method: 'unknown', error: message.slice(0, 500) }, models: [] };
      });
      cached = { key, report: asked };
    }
    const answer = await cached.report;
    last = answer.auth;
    return { report: answer, version };
  }

  return {
    async auth() {
      if (deps.router().enabled) return ROUTED;
      return (await report()).report.auth;
    },
    current() {
      if (deps.router().enabled) return ROUTED;
      // The CLI's failures end as `unknown` inside report(); anything else is logged.
      report().catch((error: unknown) => deps.logger.error({ err: error }, 'the Claude sign-in could not be checked'));
      return last ?? { method: 'checking' };
    },
    async close() {
      closing.abort();
      await cached?.report;
    },
    async models() {
      const router = deps.router();
      if (router.enabled) return routedModels(router, await deps.claude.version());
      const { report: answer, version } = await report();
      return { models: answer.models, source: 'cli', claudeVersion: version, ...(answer.defaultModel ? { defaultModel: answer.defaultModel } : {}) };
    },
  };
}

/** The start-up line: how runs will sign in, never the secret. */
export function describeSignIn(auth: ClaudeAuth): string {
  const account = [auth.email, auth.organization, auth.subscription].filter(Boolean).join(', ');
  const suffix = account ? ` (${account})` : '';
  switch (auth.method) {
    case 'api-key':
      return auth.routed ? 'Claude sign-in: runs go through the model-provider router' : `Claude sign-in: API key from ${auth.source ?? 'the environment'}${suffix}`;
    case 'oauth-token':
      return `Claude sign-in: OAuth token from ${auth.source ?? 'the environment'}${suffix}`;
    case 'logged-in':
      return `Claude sign-in: the login saved in CLAUDE_CONFIG_DIR${suffix}`;
    case 'cloud-provider':
      return `Claude sign-in: through ${auth.source ?? 'a cloud provider'}`;
    case 'none':
      return 'Claude sign-in: none. Runs will fail until you sign in: set ANTHROPIC_API_KEY, or CLAUDE_CODE_OAUTH_TOKEN (claude setup-token), or log in once with the CLI using the same CLAUDE_CONFIG_DIR (see the README, "Signing in to Claude")';
    case 'unknown':
      return `Claude sign-in: unknown (${auth.error ?? 'Claude Code did not answer'})`;
    case 'checking':
      return 'Claude sign-in: being checked';
  }
}
