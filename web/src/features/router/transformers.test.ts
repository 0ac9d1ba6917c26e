import { describe, expect, it } from 'vitest';
import { choiceText, transformerChoice, transformerProblem } from './transformers';

describe('router transformers', () => {
  it("reads a draft as none, one known transformer, or custom, and writes a choice back", () => {
    expect(transformerChoice('[]')).toBe('none');
    expect(transformerChoice('["openrouter"]')).toBe('openrouter');
    expect(transformerChoice('[ "deepseek" ]')).toBe('deepseek');
    expect(transformerChoice('["deepseek","tooluse"]')).toBe('custom');
    expect(transformerChoice('["mine"]')).toBe('custom');
    expect(choiceText('none', '["x"]')).toBe('[]');
    expect(choiceText('groq', '[]')).toBe('["groq"]');
    expect(choiceText('custom', '["deepseek","tooluse"]')).toBe('["deepseek","tooluse"]');
  });

  it('says what is wrong with a custom list: not JSON, not a list, a bad entry, an unknown name', () => {
    expect(transformerProblem('["deepseek", ["maxtoken", {"max_tokens": 16384}]]')).toBeUndefined();
    expect(transformerProblem('openrouter')).toMatch(/^Not valid JSON\. A JSON list of transformers/);
    expect(transformerProblem('{"use": []}')).toMatch(/^Not a list\./);
    expect(transformerProblem('[1]')).toBe('Each transformer is a name or [name, options]: 1 is neither');
    expect(transformerProblem('["openroute"]')).toMatch(/^Unknown transformer 'openroute': the router knows openrouter, deepseek/);
  });
});
