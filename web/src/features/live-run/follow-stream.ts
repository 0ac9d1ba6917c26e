import type { FollowEvent } from '@cui/contract';
import { routes } from '@/app/routes';
import { authHeaders, routeUrl } from '@/app/api-client';
import { createLineSplitter } from './ndjson';

type FollowSchema = typeof FollowEvent;

/** The contract's schema (and zod with it) from its own chunk: not in the pages' first load. */
const loadSchema = (): Promise<FollowSchema> => import('@cui/contract').then((contract) => contract.FollowEvent);

/**
 * The events without messages, checked by hand: a page following an idle session gets only these, so it never loads
 * the schema. Undefined for anything else (messages go through the schema).
 */
function smallEvent(json: unknown): FollowEvent | undefined {
  const event = json as Record<string, unknown> | null;
  if (typeof event !== 'object' || event === null || typeof event.activeInTerminal !== 'boolean') return undefined;
  if (event.type === 'activity') return { type: 'activity', activeInTerminal: event.activeInTerminal };
  const { sessionId, offset } = event;
  if (event.type === 'connected' && typeof sessionId === 'string' && typeof offset === 'number' && Number.isInteger(offset) && offset >= 0) {
    return { type: 'connected', sessionId, offset, activeInTerminal: event.activeInTerminal };
  }
  return undefined;
}

/**
 * Reads a session's follow stream (GET /api/conversations/:id/follow, NDJSON) until it ends, handing each valid
 * event to `onEvent`; heartbeats and items that do not parse are skipped. The stream never ends by itself, so a
 * return or a throw (other than an abort) means the connection dropped.
 */
export async function readFollowStream(sessionId: string, signal: AbortSignal, onEvent: (event: FollowEvent) => void): Promise<void> {
  const response = await fetch(routeUrl(routes.follow.follow, { params: { sessionId } }), { headers: authHeaders(), signal });
  if (!response.ok || !response.body) throw new Error(`Follow stream failed: ${response.status}`);
  let schema: FollowSchema | undefined;
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const splitter = createLineSplitter();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    for (const line of splitter.push(value)) {
      if (!line.trim() || line.startsWith(':')) continue;
      let json: unknown;
      try {
        json = JSON.parse(line);
      } catch {
        continue;
      }
      const small = smallEvent(json);
      if (small) {
        onEvent(small);
        continue;
      }
      schema ??= await loadSchema();
      const parsed = schema.safeParse(json);
      if (parsed.success) onEvent(parsed.data);
    }
  }
}

/** Keeps a follow stream open (reconnecting after `retryMs`) until the returned function is called. */
export function keepFollowing(sessionId: string, onEvent: (event: FollowEvent) => void, retryMs: number): () => void {
  const controller = new AbortController();
  let retry: ReturnType<typeof setTimeout> | undefined;
  const open = (): void => {
    readFollowStream(sessionId, controller.signal, onEvent)
      .catch((error: unknown) => {
        if (!controller.signal.aborted) console.warn(`Following session ${sessionId} failed:`, error);
      })
      .finally(() => {
        if (!controller.signal.aborted) retry = setTimeout(open, retryMs);
      });
  };
  open();
  return () => {
    controller.abort();
    clearTimeout(retry);
  };
}
