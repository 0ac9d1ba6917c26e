import { useCallback, useEffect, useState } from 'react';
import type { PermissionMode } from '@cui/contract';
import { loadComposerDraft, saveComposerDraft, type ComposerDraft } from './composer-storage';

/** What the composer hands to its owner on submit: trimmed text; `model` and `permissionMode` absent when default (spec §5). */
export interface ComposerSubmission {
  text: string;
  workingDirectory?: string;
  model?: string;
  permissionMode?: PermissionMode;
  /** Home: run in a new git worktree of the folder (the Worktree toggle). */
  worktree?: boolean;
  /** The run's budget cap in dollars (the composer's budget field). */
  maxBudgetUsd?: number;
}

/** Resolves true when the submission was accepted (the draft is then cleared), false to keep it. */
export type ComposerSubmitHandler = (submission: ComposerSubmission) => Promise<boolean> | boolean;

interface Options {
  onSubmit: ComposerSubmitHandler;
  requireDirectory: boolean;
  directory: string | undefined;
  disabled: boolean;
  loading: boolean;
  storageKey: string | undefined;
}

export interface ComposerState {
  text: string;
  setText(text: string): void;
  permissionMode: PermissionMode;
  setPermissionMode(mode: PermissionMode): void;
  model: string | undefined;
  setModel(model: string | undefined): void;
  busy: boolean;
  canSubmit: boolean;
  submit(): Promise<void>;
  /** What a submit would hand over now (the draft stays). */
  submission(): ComposerSubmission;
}

/** Draft, model and permission mode of one composer; the draft and mode persist in local storage. */
export function useComposer({ onSubmit, requireDirectory, directory, disabled, loading, storageKey }: Options): ComposerState {
  const [draft, setDraft] = useState<ComposerDraft>(() => loadComposerDraft(storageKey));
  const [model, setModel] = useState<string | undefined>(undefined);
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => saveComposerDraft(draft, storageKey), [draft, storageKey]);

  const setText = useCallback((text: string) => setDraft((d) => ({ ...d, draft: text })), []);
  const setPermissionMode = useCallback((mode: PermissionMode) => setDraft((d) => ({ ...d, selectedPermissionMode: mode })), []);

  const busy = submitting || loading;
  const text = draft.draft;
  const permissionMode = draft.selectedPermissionMode;
  const canSubmit = text.trim().length > 0 && !busy && !disabled && (!requireDirectory || Boolean(directory));

  const submission = useCallback(
    (): ComposerSubmission => ({
      text: text.trim(),
      ...(requireDirectory && directory ? { workingDirectory: directory } : {}),
      ...(model ? { model } : {}),
      ...(permissionMode !== 'default' ? { permissionMode } : {}),
    }),
    [text, requireDirectory, directory, model, permissionMode],
  );

  const submit = useCallback(async () => {
    if (!canSubmit) return;
    setSubmitting(true);
    try {
      const accepted = await onSubmit(submission());
      if (accepted) setText('');
    } finally {
      setSubmitting(false);
    }
  }, [canSubmit, onSubmit, submission, setText]);

  return { text, setText, permissionMode, setPermissionMode, model, setModel, busy, canSubmit, submit, submission };
}
