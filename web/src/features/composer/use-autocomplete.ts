import { useCallback, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { applySuggestion, detectTrigger, filterSuggestions, suggestionKey } from './autocomplete';
import type { Suggestion, SuggestionLoaders } from './suggestion-loaders';
import { useSuggestionData } from './use-suggestion-data';

export interface Autocomplete {
  open: boolean;
  suggestions: Suggestion[];
  focused: number;
  /** Call on every change/select/click of the textarea so the trigger follows the caret. */
  syncCaret(): void;
  /** Returns true when the key was used by the suggestion list (the caller then stops). */
  handleKeyDown(event: KeyboardEvent<HTMLTextAreaElement>): boolean;
  accept(index: number): void;
  close(): void;
}

interface Options {
  text: string;
  setText(text: string): void;
  textareaRef: RefObject<HTMLTextAreaElement | null>;
  directory: string | undefined;
  loaders: SuggestionLoaders;
}

/** '@' file and '/' command suggestions for a textarea (spec §5 Autocomplete). */
export function useAutocomplete({ text, setText, textareaRef, directory, loaders }: Options): Autocomplete {
  const [caret, setCaret] = useState(text.length);
  const [dismissedStart, setDismissedStart] = useState<number | null>(null);
  const [focus, setFocus] = useState<{ query: string; index: number }>({ query: '', index: -1 });
  const pendingCaret = useRef<number | null>(null);

  const trigger = useMemo(() => detectTrigger(text, Math.min(caret, text.length)), [text, caret]);
  const active = trigger !== null && trigger.start !== dismissedStart ? trigger : null;
  const source = useSuggestionData(active?.kind ?? null, directory, loaders, active?.query ?? '');
  const suggestions = useMemo(() => (active ? filterSuggestions(source, active.query, (s) => s.label) : []), [active, source]);
  const open = active !== null && suggestions.length > 0;
  // The focus belongs to one query: typing further resets it to "none focused".
  const focused = active && focus.query === active.query ? focus.index : -1;

  useLayoutEffect(() => {
    const el = textareaRef.current;
    if (pendingCaret.current === null || !el) return;
    el.setSelectionRange(pendingCaret.current, pendingCaret.current);
    pendingCaret.current = null;
  }, [text, textareaRef]);

  const syncCaret = useCallback(() => {
    const el = textareaRef.current;
    if (!el) return;
    setCaret(el.selectionStart);
    if (dismissedStart !== null && detectTrigger(el.value, el.selectionStart)?.start !== dismissedStart) setDismissedStart(null);
  }, [textareaRef, dismissedStart]);

  const accept = useCallback(
    (index: number) => {
      const chosen = suggestions[index];
      if (!active || !chosen) return;
      const next = applySuggestion(text, active, Math.min(caret, text.length), chosen.insert);
      pendingCaret.current = next.caret;
      setCaret(next.caret);
      setText(next.text);
    },
    [active, suggestions, text, caret, setText],
  );

  const close = useCallback(() => {
    if (active) setDismissedStart(active.start);
  }, [active]);

  const handleKeyDown = useCallback(
    (event: KeyboardEvent<HTMLTextAreaElement>) => {
      if (!open || !active) return false;
      const result = suggestionKey(event.key, focused, suggestions.length, event.ctrlKey || event.metaKey);
      if (result.action === 'ignore') return false;
      // Space closes the list but is still typed.
      if (event.key !== ' ') event.preventDefault();
      if (result.action === 'move') setFocus({ query: active.query, index: result.focused });
      else if (result.action === 'accept') accept(result.index);
      else close();
      return true;
    },
    [open, active, focused, suggestions.length, accept, close],
  );

  return { open, suggestions, focused, syncCaret, handleKeyDown, accept, close };
}
