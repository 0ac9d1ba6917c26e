import { describe, expect, it } from 'vitest';
import { hasGrammar, highlightLine, loadGrammar } from './highlight';

describe('highlightLine', () => {
  it('highlights a known language with token spans', () => {
    expect(highlightLine('const a = 1;', 'typescript')).toContain('<span class="token keyword">const</span>');
  });

  it('escapes plain text without tokens', () => {
    expect(highlightLine('<b>hi</b>', 'plaintext')).toBe('&lt;b&gt;hi&lt;/b&gt;');
  });

  it('falls back to the raw line when highlighting throws', () => {
    const broken = () => {
      throw new Error('grammar exploded');
    };
    expect(highlightLine('a < b', 'typescript', broken)).toBe('a &lt; b');
  });

  it('loads the grammars that are not bundled on demand, by name or alias', async () => {
    expect(hasGrammar('python')).toBe(false);
    expect(highlightLine('def f(): pass', 'python')).toBe('def f(): pass');
    await loadGrammar('py');
    expect(highlightLine('def f(): pass', 'python')).toContain('<span class="token keyword">def</span>');
    expect(loadGrammar('typescript')).toBeUndefined();
    expect(loadGrammar('no-such-language')).toBeUndefined();
  });
});
