import type { ViewMessage } from '@/features/live-run';

/**
 * The shown message that holds the transcript message `uuid` (a search hit): the message itself, or for a line
 * the list does not show on its own (a tool result) the nearest shown message before it (its tool call).
 */
export function locateMessage(all: ViewMessage[], shown: ViewMessage[], uuid: string | undefined): string | undefined {
  if (!uuid) return undefined;
  const at = all.findIndex((m) => m.id === uuid || m.uuids.includes(uuid));
  if (at < 0) return undefined;
  const ids = new Set(shown.map((m) => m.id));
  for (let i = at; i >= 0; i--) {
    const id = all[i]?.id;
    if (id !== undefined && ids.has(id)) return id;
  }
  return undefined;
}
