import { describe, expect, it } from 'vitest';
import { applySuggestion, detectTrigger, filterSuggestions, suggestionKey } from './autocomplete';

describe('detectTrigger', () => {
  it('detects @ with no whitespace after it as a file trigger', () => {
    expect(detectTrigger('look at @src/ma', 15)).toEqual({ kind: 'file', start: 8, query: 'src/ma' });
    expect(detectTrigger('@', 1)).toEqual({ kind: 'file', start: 0, query: '' });
  });

  it('ends the file trigger at a space or newline', () => {
    expect(detectTrigger('@src/main.ts ', 13)).toBeNull();
    expect(detectTrigger('@src\nnext', 9)).toBeNull();
  });

  it('detects / at line start or after whitespace as a command trigger', () => {
    expect(detectTrigger('/ini', 4)).toEqual({ kind: 'command', start: 0, query: 'ini' });
    expect(detectTrigger('run /comp', 9)).toEqual({ kind: 'command', start: 4, query: 'comp' });
    expect(detectTrigger('first line\n/cl', 14)).toEqual({ kind: 'command', start: 11, query: 'cl' });
  });

  it('ignores / inside a word such as a path', () => {
    expect(detectTrigger('open src/app', 12)).toBeNull();
    expect(detectTrigger('a/', 2)).toBeNull();
  });

  it('uses the text up to the caret only', () => {
    expect(detectTrigger('@abc def', 3)).toEqual({ kind: 'file', start: 0, query: 'ab' });
  });

  it('lets the nearest trigger win', () => {
    expect(detectTrigger('/cmd@fi', 7)).toEqual({ kind: 'file', start: 4, query: 'fi' });
  });
});

describe('filterSuggestions', () => {
  const names = ['README.md', 'src/Main.ts', 'src/util.ts', 'docs/readme-extra.md'];
  it('matches case-insensitively by contains', () => {
    expect(filterSuggestions(names, 'readme', (n) => n)).toEqual(['README.md', 'docs/readme-extra.md']);
    expect(filterSuggestions(names, 'MAIN', (n) => n)).toEqual(['src/Main.ts']);
  });

  it('returns at most 50 suggestions', () => {
    const many = Array.from({ length: 120 }, (_, i) => `file-${i}.ts`);
    expect(filterSuggestions(many, '', (n) => n)).toHaveLength(50);
  });
});

describe('applySuggestion', () => {
  it('replaces the trigger with the suggestion and a space', () => {
    const text = 'see @ma please';
    const result = applySuggestion(text, { kind: 'file', start: 4, query: 'ma' }, 7, '@src/main.ts');
    expect(result).toEqual({ text: 'see @src/main.ts please', caret: 17 });
  });
});

describe('suggestionKey', () => {
  it('cycles with the arrows', () => {
    expect(suggestionKey('ArrowDown', -1, 3)).toEqual({ action: 'move', focused: 0 });
    expect(suggestionKey('ArrowDown', 2, 3)).toEqual({ action: 'move', focused: 0 });
    expect(suggestionKey('ArrowUp', 0, 3)).toEqual({ action: 'move', focused: 2 });
    expect(suggestionKey('ArrowUp', -1, 3)).toEqual({ action: 'move', focused: 2 });
  });

  it('accepts the focused suggestion, or the first when none is focused', () => {
    expect(suggestionKey('Enter', 1, 3)).toEqual({ action: 'accept', index: 1 });
    expect(suggestionKey('Tab', -1, 3)).toEqual({ action: 'accept', index: 0 });
  });

  it('closes on Escape and Space', () => {
    expect(suggestionKey('Escape', 0, 3)).toEqual({ action: 'close' });
    expect(suggestionKey(' ', 0, 3)).toEqual({ action: 'close' });
  });

  it('leaves Ctrl/Cmd+Enter and other keys alone, and everything when the list is empty', () => {
    expect(suggestionKey('Enter', 0, 3, true)).toEqual({ action: 'ignore' });
    expect(suggestionKey('a', 0, 3)).toEqual({ action: 'ignore' });
    expect(suggestionKey('Enter', -1, 0)).toEqual({ action: 'ignore' });
  });
});
