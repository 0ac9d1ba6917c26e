import { readLocalJson, writeLocalJson } from '@/lib/local-json';

/**
 * Sessions the user asked to be notified about ('Notify me' / 'Mute' in the row menu), as an array of
 * session ids in local storage. The notifications feature reads the same key.
 */
export const NOTIFY_SESSIONS_KEY = 'cui-notify-sessions';

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

export function loadNotifySessions(): string[] {
  return readLocalJson(NOTIFY_SESSIONS_KEY, isStringArray, []);
}

/** Turns notifications for one session on or off; returns the new list. */
export function setSessionNotify(sessionId: string, on: boolean): string[] {
  const current = loadNotifySessions().filter((id) => id !== sessionId);
  const next = on ? [...current, sessionId] : current;
  writeLocalJson(NOTIFY_SESSIONS_KEY, next);
  return next;
}
