import { describe, expect, it } from 'vitest';
import { COMPOSER_STORAGE_KEY, loadComposerDraft, saveComposerDraft } from './composer-storage';

describe('composer draft storage', () => {
  it('starts empty with permission mode default', () => {
    expect(loadComposerDraft()).toEqual({ draft: '', selectedPermissionMode: 'default' });
  });

  it('round-trips the draft and the permission mode under the one composer key', () => {
    saveComposerDraft({ draft: 'fix the bug', selectedPermissionMode: 'plan' });
    expect(JSON.parse(localStorage.getItem(COMPOSER_STORAGE_KEY) ?? '{}')).toEqual({ draft: 'fix the bug', selectedPermissionMode: 'plan' });
    expect(loadComposerDraft()).toEqual({ draft: 'fix the bug', selectedPermissionMode: 'plan' });
  });

  it('falls back field by field on damaged data', () => {
    localStorage.setItem(COMPOSER_STORAGE_KEY, JSON.stringify({ draft: 5, selectedPermissionMode: 'bogus' }));
    expect(loadComposerDraft()).toEqual({ draft: '', selectedPermissionMode: 'default' });
    localStorage.setItem(COMPOSER_STORAGE_KEY, '{not json');
    expect(loadComposerDraft()).toEqual({ draft: '', selectedPermissionMode: 'default' });
  });
});
