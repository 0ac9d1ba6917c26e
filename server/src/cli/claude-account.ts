import type { AccountInfo, ModelInfo } from '@anthropic-ai/claude-agent-sdk';
import type { ClaudeAuth, ModelOption } from '@cui/contract';
import { askClaude, type AskParams } from './claude-ask';

/** What the CLI says about itself before any message: the account it would use and the models it offers. */
export interface ClaudeSelfReport {
  auth: ClaudeAuth;
  models: ModelOption[];
  /** What 'Default' resolves to, when the CLI says. */
  defaultModel?: string;
}

/** A question about the account and models: no folder's settings (any folder will do). */
export type ProbeParams = Omit<AskParams, 'settingSources'>;

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

/** Starts the CLI with no message, reads its initialize answer (account and models: no API call is made) and ends it. */
export async function probeClaude(params: ProbeParams): Promise<ClaudeSelfReport> {
  // The user's settings only (an apiKeyHelper or env there decides the sign-in); no folder's hooks run.
  const init = await askClaude({ ...params, settingSources: ['user'] }, (query) => query.initializationResult());
  return { auth: classifyAccount(init.account), ...modelOptions(init.models) };
}
