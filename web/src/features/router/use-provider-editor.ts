import { useCallback, useEffect, useReducer, useRef } from 'react';
import type { Provider } from '@cui/contract';
import { draftOf, newProvider, parseProvidersJson, saveDraft, type ProviderDraft } from './provider-rules';

export interface EditorState {
  providers: Provider[];
  /** The one provider being edited (spec §4), as form text. */
  editing: { index: number; draft: ProviderDraft } | null;
  mode: 'ui' | 'json';
  json: string;
}

type Action =
  | { type: 'add' }
  | { type: 'edit'; index: number }
  | { type: 'draft'; field: keyof ProviderDraft; value: string }
  | { type: 'save' }
  | { type: 'remove'; index: number }
  | { type: 'toggle-mode' }
  | { type: 'json'; text: string };

const toJson = (providers: readonly Provider[]): string => JSON.stringify(providers, null, 2);

export function editorReducer(state: EditorState, action: Action): EditorState {
  switch (action.type) {
    case 'add': {
      if (state.editing) return state;
      const providers = [...state.providers, newProvider(state.providers.length)];
      const index = providers.length - 1;
      return { ...state, providers, editing: { index, draft: draftOf(providers[index] as Provider) } };
    }
    case 'edit': {
      const provider = state.providers[action.index];
      return state.editing || !provider ? state : { ...state, editing: { index: action.index, draft: draftOf(provider) } };
    }
    case 'draft':
      return state.editing ? { ...state, editing: { ...state.editing, draft: { ...state.editing.draft, [action.field]: action.value } } } : state;
    case 'save': {
      if (!state.editing) return state;
      const { index, draft } = state.editing;
      const providers = state.providers.map((provider, i) => (i === index ? saveDraft(draft, provider) : provider));
      return { ...state, providers, editing: null };
    }
    case 'remove':
      return state.editing ? state : { ...state, providers: state.providers.filter((_, i) => i !== action.index) };
    case 'toggle-mode': {
      if (state.mode === 'ui') return { ...state, mode: 'json', json: toJson(state.providers), editing: null };
      const parsed = parseProvidersJson(state.json);
      // Spec §4: invalid JSON silently stays in JSON mode (only logged).
      if (!parsed) {
        console.error('Model Provider: the JSON is not a valid provider list');
        return state;
      }
      return { ...state, mode: 'ui', providers: parsed };
    }
    case 'json':
      return { ...state, json: action.text };
  }
}

export interface ProviderEditor extends EditorState {
  add(): void;
  edit(index: number): void;
  change(field: keyof ProviderDraft, value: string): void;
  /** Applies the save rules to the edited provider and stores the list. */
  save(): void;
  remove(index: number): void;
  toggleMode(): void;
  setJson(text: string): void;
}

/**
 * The Providers list of the Model Provider tab. `persist` stores a list (PUT /api/config); it runs on Save
 * Provider and delete, and when the tab is left (unmounted) with a non-empty list (spec §4 autosave).
 */
export function useProviderEditor(initial: readonly Provider[], persist: (providers: Provider[]) => void): ProviderEditor {
  const [state, dispatch] = useReducer(editorReducer, { providers: [...initial], editing: null, mode: 'ui', json: '' });
  const latest = useRef({ state, persist });
  const pending = useRef<'persist' | null>(null);

  useEffect(() => {
    latest.current = { state, persist };
  });

  useEffect(() => {
    if (pending.current !== 'persist') return;
    pending.current = null;
    persist(state.providers);
  }, [state.providers, persist]);

  useEffect(
    () => () => {
      const { state: last, persist: store } = latest.current;
      const providers = last.mode === 'json' ? (parseProvidersJson(last.json) ?? last.providers) : last.providers;
      if (providers.length > 0) store(providers);
    },
    [],
  );

  const act = useCallback((action: Action, store = false) => {
    if (store) pending.current = 'persist';
    dispatch(action);
  }, []);

  return {
    ...state,
    add: () => act({ type: 'add' }),
    edit: (index) => act({ type: 'edit', index }),
    change: (field, value) => act({ type: 'draft', field, value }),
    save: () => act({ type: 'save' }, true),
    remove: (index) => act({ type: 'remove', index }, true),
    toggleMode: () => act({ type: 'toggle-mode' }),
    setJson: (text) => act({ type: 'json', text }),
  };
}
