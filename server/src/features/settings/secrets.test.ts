import { describe, expect, it } from 'vitest';
import { CONFIG_SECTIONS, MASKED_SECRET_PREFIX } from '@cui/contract';
import { ConfigFile } from './config-file';
import { isMasked, maskSecret, publicConfig, restoreMaskedSecrets } from './secrets';

const provider = { name: 'openrouter', api_base_url: 'https://openrouter.ai/api/v1', api_key: 'sk-or-1234567890abcd', models: ['m1'] };
const config = ConfigFile.parse({
  machineId: 'box-0123456789abcdef',
  authToken: 'f'.repeat(32),
  router: { enabled: true, providers: [provider], rules: { default: 'openrouter,m1' } },
  gemini: { apiKey: 'AIzaSecretGeminiKey9876', model: 'gemini-2.5-flash' },
});
const shownConfig = () => publicConfig(CONFIG_SECTIONS, config);
const restore = (update: Parameters<typeof restoreMaskedSecrets<typeof CONFIG_SECTIONS>>[1]) => restoreMaskedSecrets(CONFIG_SECTIONS, update, config);

describe('maskSecret', () => {
  it('shows the prefix and the last 4 characters of a long secret', () => {
    expect(maskSecret('sk-or-1234567890abcd')).toBe(`${MASKED_SECRET_PREFIX}abcd`);
  });

  it('shows only the prefix for a short secret', () => {
    expect(maskSecret('short')).toBe(MASKED_SECRET_PREFIX);
  });

  it('leaves empty and missing secrets alone', () => {
    expect(maskSecret('')).toBe('');
    expect(maskSecret(undefined)).toBeUndefined();
  });
});

describe('publicConfig', () => {
  it('leaves out the token and machine id and masks every API key', () => {
    const shown = shownConfig();
    expect(Object.keys(shown).sort()).toEqual(['gemini', 'interface', 'router', 'terminal']);
    const text = JSON.stringify(shown);
    expect(text).not.toContain(config.authToken);
    expect(text).not.toContain('sk-or-1234567890abcd');
    expect(text).not.toContain('AIzaSecretGeminiKey9876');
    expect(shown.router.providers[0]?.api_key).toBe(`${MASKED_SECRET_PREFIX}abcd`);
    expect(isMasked(shown.gemini.apiKey)).toBe(true);
  });

  it('leaves the stored config untouched', () => {
    shownConfig();
    expect(config.gemini.apiKey).toBe('AIzaSecretGeminiKey9876');
  });
});

describe('restoreMaskedSecrets', () => {
  it('puts the stored keys back in place of masked ones', () => {
    const shown = shownConfig();
    const restored = restore({ router: shown.router, gemini: shown.gemini });
    expect(restored.router?.providers?.[0]?.api_key).toBe('sk-or-1234567890abcd');
    expect(restored.gemini?.apiKey).toBe('AIzaSecretGeminiKey9876');
  });

  it('keeps a new key that is not masked', () => {
    expect(restore({ gemini: { apiKey: 'new-key' } }).gemini?.apiKey).toBe('new-key');
  });

  it('finds the stored key of a renamed provider by position', () => {
    const renamed = { ...provider, name: 'renamed', api_key: maskSecret(provider.api_key) };
    expect(restore({ router: { providers: [renamed] } }).router?.providers?.[0]?.api_key).toBe(provider.api_key);
  });

  it('finds the stored key of a moved provider by name', () => {
    const masked = { ...provider, api_key: maskSecret(provider.api_key) };
    const first = { ...provider, name: 'new', api_key: 'sk-new' };
    expect(restore({ router: { providers: [first, masked] } }).router?.providers?.map((p) => p.api_key)).toEqual(['sk-new', provider.api_key]);
  });

  it('never stores the mask itself for a provider it cannot match', () => {
    const extra = { ...provider, name: 'other', api_key: MASKED_SECRET_PREFIX };
    const restored = restore({ router: { providers: [{ ...provider, api_key: maskSecret(provider.api_key) }, extra] } });
    expect(restored.router?.providers?.[1]?.api_key).toBe('');
  });
});
