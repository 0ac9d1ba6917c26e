import type { PermissionMode } from '@cui/contract';
import { PERMISSION_MODES } from '@cui/contract/constants';
import { readLocalJson, writeLocalJson } from '@/lib/local-json';

/** The one composer key of spec §3 ('Composer draft'): `{ draft, selectedPermissionMode }`. */
import { COMPOSER_STORAGE_KEY } from './composer-key';

export { COMPOSER_STORAGE_KEY };

export interface ComposerDraft {
  draft: string;
  selectedPermissionMode: PermissionMode;
}

const EMPTY_DRAFT: ComposerDraft = { draft: '', selectedPermissionMode: 'default' };

function isStoredDraft(value: unknown): value is Partial<ComposerDraft> {
  return typeof value === 'object' && value !== null;
}

/** The saved draft; unknown or damaged fields fall back to an empty draft in mode 'default'. */
export function loadComposerDraft(key: string = COMPOSER_STORAGE_KEY): ComposerDraft {
  const stored = readLocalJson<Partial<ComposerDraft>>(key, isStoredDraft, {});
  const mode = PERMISSION_MODES.find((known) => known === stored.selectedPermissionMode);
  return {
    draft: typeof stored.draft === 'string' ? stored.draft : EMPTY_DRAFT.draft,
    selectedPermissionMode: mode ?? EMPTY_DRAFT.selectedPermissionMode,
  };
}

export function saveComposerDraft(value: ComposerDraft, key: string = COMPOSER_STORAGE_KEY): void {
  writeLocalJson(key, value);
}
