import { describe, expect, it, vi } from 'vitest';
import { LEGACY_NOTIFY_SESSIONS_KEY, moveLegacyNotifyFlags } from './notify-sessions';

describe('moving the legacy notify list to the server', () => {
  it('writes every listed session and removes the key', async () => {
    localStorage.setItem(LEGACY_NOTIFY_SESSIONS_KEY, JSON.stringify(['a', 'b']));
    const seen: string[] = [];
    const written = await moveLegacyNotifyFlags(async (id) => {
      seen.push(id);
      return 'ok';
    });
    expect(seen).toEqual(['a', 'b']);
    expect(written).toBe(2);
    expect(localStorage.getItem(LEGACY_NOTIFY_SESSIONS_KEY)).toBeNull();
  });

  it('keeps only the ids whose write failed, and drops sessions that are gone', async () => {
    localStorage.setItem(LEGACY_NOTIFY_SESSIONS_KEY, JSON.stringify(['ok', 'gone', 'down']));
    await moveLegacyNotifyFlags(async (id) => {
      if (id === 'down') throw new Error('network error');
      return id === 'gone' ? 'gone' : 'ok';
    });
    expect(JSON.parse(localStorage.getItem(LEGACY_NOTIFY_SESSIONS_KEY) ?? '')).toEqual(['down']);
  });

  it('calls nothing when there is no legacy key, and removes a damaged one', async () => {
    const setNotify = vi.fn(async (): Promise<'ok' | 'gone'> => 'ok');
    await moveLegacyNotifyFlags(setNotify);
    localStorage.setItem(LEGACY_NOTIFY_SESSIONS_KEY, '{"a":1}');
    await moveLegacyNotifyFlags(setNotify);
    expect(setNotify).not.toHaveBeenCalled();
    expect(localStorage.getItem(LEGACY_NOTIFY_SESSIONS_KEY)).toBeNull();
  });
});
