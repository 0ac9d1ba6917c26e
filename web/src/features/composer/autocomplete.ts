/** Spec §9: at most 50 suggestions. */
export const MAX_SUGGESTIONS = 50;

export type TriggerKind = 'file' | 'command';

/** An active autocomplete trigger: `start` is the index of the '@' or '/', `query` what follows it up to the caret. */
export interface Trigger {
  kind: TriggerKind;
  start: number;
  query: string;
}

const WHITESPACE = /\s/;

/**
 * The trigger at the caret (spec §5): '@' with no space or newline after it → files;
 * '/' at line start or after whitespace, with no whitespace after it → commands.
 * The nearer of the two to the caret wins.
 */
export function detectTrigger(text: string, caret: number): Trigger | null {
  for (let i = caret - 1; i >= 0; i -= 1) {
    const char = text[i] ?? '';
    if (WHITESPACE.test(char)) return null;
    if (char === '@') return { kind: 'file', start: i, query: text.slice(i + 1, caret) };
    if (char === '/' && (i === 0 || WHITESPACE.test(text[i - 1] ?? ''))) {
      return { kind: 'command', start: i, query: text.slice(i + 1, caret) };
    }
  }
  return null;
}

/** Case-insensitive "name contains query", at most `limit` results, in the given order. */
export function filterSuggestions<T>(items: readonly T[], query: string, nameOf: (item: T) => string, limit = MAX_SUGGESTIONS): T[] {
  const needle = query.toLowerCase();
  const result: T[] = [];
  for (const item of items) {
    if (result.length >= limit) break;
    if (nameOf(item).toLowerCase().includes(needle)) result.push(item);
  }
  return result;
}

/** Replaces the trigger text (from its '@' or '/' up to the caret) with `insert` plus a space; returns the new text and caret. */
export function applySuggestion(text: string, trigger: Trigger, caret: number, insert: string): { text: string; caret: number } {
  const replacement = `${insert} `;
  const before = text.slice(0, trigger.start);
  const after = text.slice(caret).replace(/^ /, '');
  return { text: before + replacement + after, caret: before.length + replacement.length };
}

/** What a key does while the suggestion list is open. */
export type SuggestionKeyResult =
  | { action: 'ignore' }
  | { action: 'move'; focused: number }
  | { action: 'accept'; index: number }
  | { action: 'close' };

/**
 * Key handling for an open list of `count` suggestions with `focused` (-1 = none):
 * ArrowDown/ArrowUp cycle, Enter/Tab accept the focused one or the first, Escape and Space close.
 * Modified Enter (Ctrl/Cmd) is left alone so it still submits.
 */
export function suggestionKey(key: string, focused: number, count: number, modified = false): SuggestionKeyResult {
  if (count === 0) return { action: 'ignore' };
  switch (key) {
    case 'ArrowDown':
      return { action: 'move', focused: focused < 0 ? 0 : (focused + 1) % count };
    case 'ArrowUp':
      return { action: 'move', focused: focused <= 0 ? count - 1 : focused - 1 };
    case 'Enter':
    case 'Tab':
      if (modified) return { action: 'ignore' };
      return { action: 'accept', index: focused >= 0 && focused < count ? focused : 0 };
    case 'Escape':
    case ' ':
      return { action: 'close' };
    default:
      return { action: 'ignore' };
  }
}
