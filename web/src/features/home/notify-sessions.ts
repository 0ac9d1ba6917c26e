import { readLocalJson } from '@/lib/local-json';

/**
 * Where builds before the server kept `sessionInfo.notify` stored the sessions the user asked to be notified
 * about: an array of session ids in local storage. Read once to move them to the server, then removed.
 */
export const LEGACY_NOTIFY_SESSIONS_KEY = 'cui-notify-sessions';

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

/**
 * Moves a legacy 'Notify me' list to the server (`notify: true` on each session) and removes the key once every
 * id was written or is gone (404). Ids that failed otherwise stay for the next start. No key: nothing is called.
 * Resolves with how many sessions were written.
 */
export async function moveLegacyNotifyFlags(setNotify: (sessionId: string) => Promise<'ok' | 'gone'>): Promise<number> {
  if (localStorage.getItem(LEGACY_NOTIFY_SESSIONS_KEY) === null) return 0;
  const ids = readLocalJson(LEGACY_NOTIFY_SESSIONS_KEY, isStringArray, []);
  const results = await Promise.allSettled(ids.map((id) => setNotify(id)));
  const left = ids.filter((_id, i) => results[i]?.status === 'rejected');
  const written = results.filter((r) => r.status === 'fulfilled' && r.value === 'ok').length;
  try {
    if (left.length === 0) localStorage.removeItem(LEGACY_NOTIFY_SESSIONS_KEY);
    else localStorage.setItem(LEGACY_NOTIFY_SESSIONS_KEY, JSON.stringify(left));
  } catch (error) {
    // Storage unavailable: the move is retried at the next start, which is harmless (the writes are idempotent).
    console.warn('Could not update the legacy notify list', error);
  }
  return written;
}
