import { describe, expect, it } from 'vitest';
import { loadNotifySessions, NOTIFY_SESSIONS_KEY, setSessionNotify } from './notify-sessions';

describe('notify sessions', () => {
  it('stores the sessions to notify about as an array of ids', () => {
    expect(loadNotifySessions()).toEqual([]);
    setSessionNotify('a', true);
    setSessionNotify('b', true);
    setSessionNotify('a', true);
    expect(JSON.parse(localStorage.getItem(NOTIFY_SESSIONS_KEY) ?? '')).toEqual(['b', 'a']);
    expect(setSessionNotify('b', false)).toEqual(['a']);
  });

  it('ignores damaged storage', () => {
    localStorage.setItem(NOTIFY_SESSIONS_KEY, '{"a":1}');
    expect(loadNotifySessions()).toEqual([]);
  });
});
