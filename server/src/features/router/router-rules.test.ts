import { describe, expect, it } from 'vitest';
import { routeModel } from './router-rules';

const rules = { default: 'p,default-model', background: 'p,small', think: 'p,thinker', webSearch: 'p,searcher', 'claude-opus-5-5': 'q,exact' };

describe('routeModel', () => {
  it("sends a model that names its provider (the composer's menu with the router on) there, whatever the rules say", () => {
    expect(routeModel({ model: 'q,deep-coder', thinking: { type: 'enabled' } }, rules)).toBe('q,deep-coder');
  });
  it('prefers an exact rule for the requested model', () => {
    expect(routeModel({ model: 'claude-opus-5-5', thinking: { type: 'enabled' } }, rules)).toBe('q,exact');
  });
  it('sends a haiku request to background, then thinking to think, then web search to webSearch', () => {
    expect(routeModel({ model: 'claude-haiku-4-5', thinking: { type: 'enabled' } }, rules)).toBe('p,small');
    expect(routeModel({ model: 'claude-sonnet-4-5', thinking: { type: 'enabled' }, tools: [{ type: 'web_search_20250305' }] }, rules)).toBe('p,thinker');
    expect(routeModel({ model: 'claude-sonnet-4-5', tools: [{ name: 'Bash' }, { type: 'web_search_20250305', name: 'web_search' }] }, rules)).toBe('p,searcher');
  });
  it('falls back to default, and skips rules that are not set', () => {
    expect(routeModel({ model: 'claude-sonnet-4-5', tools: [{ name: 'Bash' }] }, rules)).toBe('p,default-model');
    expect(routeModel({ model: 'claude-haiku-4-5', thinking: {} }, { default: 'p,d' })).toBe('p,d');
  });
  it('leaves the model alone when nothing matches', () => {
    expect(routeModel({ model: 'claude-sonnet-4-5' }, {})).toBeUndefined();
    expect(routeModel({}, { background: 'p,small' })).toBeUndefined();
  });
});
