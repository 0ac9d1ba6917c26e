import { describe, expect, it } from 'vitest';
import type { RouterConfig } from '@cui/contract';
import { activeSelection, chooseProvider, CLAUDE_PRO, draftOf, newProvider, parseProvidersJson, parseTransformer, saveDraft, selectableProviders } from './provider-rules';

const openrouter = { name: 'or', api_base_url: 'https://x/v1/chat/completions', api_key: 'k', models: ['m1', 'm2'], transformer: { use: ['openrouter'] } };

describe('provider rules', () => {
  it("names a new provider 'provider-N' with N = count + 1, empty URL and key, no models, transformer openrouter", () => {
    expect(newProvider(2)).toEqual({ name: 'provider-3', api_base_url: '', api_key: '', models: [], transformer: { use: ['openrouter'] } });
  });

  it('saves trimmed name, URL, key and models, dropping empty models', () => {
    const draft = { name: '  mine ', api_base_url: ' http://h/v1 ', api_key: ' sk-1 ', models: ' a \n\n b ,  , c', transformer: '["deepseek"]' };
    expect(saveDraft(draft, openrouter)).toEqual({ name: 'mine', api_base_url: 'http://h/v1', api_key: 'sk-1', models: ['a', 'b', 'c'], transformer: { use: ['deepseek'] } });
  });

  it('takes the transformer only from a valid JSON array and otherwise keeps the previous one', () => {
    expect(parseTransformer('["a",["b",{"x":1}]]')).toEqual(['a', ['b', { x: 1 }]]);
    for (const text of ['{"use":[]}', 'openrouter', '"a"', '[']) expect(parseTransformer(text)).toBeUndefined();
    expect(saveDraft({ ...draftOf(openrouter), transformer: 'not json' }, openrouter).transformer).toEqual({ use: ['openrouter'] });
  });

  it('offers only providers with a non-empty name', () => {
    expect(selectableProviders([openrouter, { ...openrouter, name: '  ' }, { ...openrouter, name: '' }]).map((p) => p.name)).toEqual(['or']);
  });

  it('reads the active provider and model from the default rule, Claude Pro/Max when the router is off', () => {
    expect(activeSelection({ enabled: false, rules: { default: 'or,m1' } })).toEqual({ provider: CLAUDE_PRO, model: '' });
    expect(activeSelection({ enabled: true, rules: { default: 'or,vendor/model,with,commas' } })).toEqual({ provider: 'or', model: 'vendor/model,with,commas' });
  });

  it('choosing a provider enables the router with its first model; a model updates the rule; Claude Pro/Max disables it', () => {
    const router: RouterConfig = { enabled: false, providers: [openrouter], rules: { think: 'or,m2' } };
    expect(chooseProvider(router, 'or')).toEqual({ enabled: true, providers: [openrouter], rules: { think: 'or,m2', default: 'or,m1' } });
    expect(chooseProvider(router, 'or', 'm2').rules).toEqual({ think: 'or,m2', default: 'or,m2' });
    expect(chooseProvider(router, CLAUDE_PRO)).toEqual({ enabled: false });
  });

  it('accepts JSON mode text only when it is a list of providers', () => {
    expect(parseProvidersJson(JSON.stringify([openrouter]))).toEqual([openrouter]);
    expect(parseProvidersJson('[{"name":"x"}]')).toBeUndefined();
    expect(parseProvidersJson('{')).toBeUndefined();
  });
});
