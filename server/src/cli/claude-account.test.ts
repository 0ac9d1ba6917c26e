import { describe, expect, it } from 'vitest';
import { classifyAccount, modelOptions } from './claude-account';
import { SDK_MODELS } from './fixtures/sdk-models';


describe('classifyAccount (the SDK account answer, as observed per sign-in)', () => {
  it.each([
    [{ tokenSource: 'none', apiKeySource: 'ANTHROPIC_API_KEY', apiProvider: 'firstParty' as const }, { method: 'api-key', source: 'ANTHROPIC_API_KEY' }],
    [{ tokenSource: 'none', apiKeySource: 'apiKeyHelper', apiProvider: 'firstParty' as const }, { method: 'api-key', source: 'apiKeyHelper' }],
    [{ tokenSource: 'CLAUDE_CODE_OAUTH_TOKEN', apiProvider: 'firstParty' as const }, { method: 'oauth-token', source: 'CLAUDE_CODE_OAUTH_TOKEN' }],
    [{ tokenSource: 'ANTHROPIC_AUTH_TOKEN', apiProvider: 'firstParty' as const }, { method: 'oauth-token', source: 'ANTHROPIC_AUTH_TOKEN' }],
    [{ subscriptionType: 'Claude Max', apiProvider: 'firstParty' as const }, { method: 'logged-in', source: 'CLAUDE_CONFIG_DIR', subscription: 'Claude Max' }],
    [{ tokenSource: 'claude.ai', email: 'ann@example.com', subscriptionType: 'Claude Pro' }, { method: 'logged-in', source: 'claude.ai', email: 'ann@example.com', subscription: 'Claude Pro' }],
    [{ apiProvider: 'bedrock' as const }, { method: 'cloud-provider', source: 'bedrock' }],
    [{ tokenSource: 'none', apiProvider: 'firstParty' as const }, { method: 'none' }],
    [{ tokenSource: 'none', apiKeySource: 'none', apiProvider: 'firstParty' as const }, { method: 'none' }],
  ])('%j → %j', (account, expected) => {
    expect(classifyAccount(account)).toEqual(expected);
  });
});

describe('modelOptions', () => {
  it("lists the CLI's models without its 'default' row, and says what Default resolves to", () => {
    expect(modelOptions(SDK_MODELS)).toEqual({
      models: [
        { value: 'opus', displayName: 'Opus', description: 'Opus 5.5' },
        { value: 'sonnet', displayName: 'Sonnet', description: 'Sonnet 5.5' },
        { value: 'haiku', displayName: 'Haiku', description: 'Haiku 5.5' },
      ],
      defaultModel: 'claude-opus-5-5',
    });
  });
});
