import type { FollowEvent } from '@cui/contract';
import { routes } from '@/app/routes';
import { routeUrl } from '@/app/api-client';
import { createStreamReader, fixedRetry, jsonDecoder, readStream } from '@/app/stream';

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

/** Decodes one follow payload: the small events by hand, messages through the schema; anything else is skipped. */
const followDecoder = () => jsonDecoder<FollowEvent>({ schema: loadSchema, fast: smallEvent });

const followUrl = (sessionId: string, from?: number): string => routeUrl(routes.follow.follow, { params: { sessionId }, query: { from } });

/**
 * Reads a session's follow stream (GET /api/conversations/:id/follow, NDJSON) until it ends, handing each valid
 * event to `onEvent`; heartbeats and items that do not parse are skipped. The stream never ends by itself, so a
 * return or a throw (other than an abort) means the connection dropped.
 */
export function readFollowStream(sessionId: string, signal: AbortSignal, onEvent: (event: FollowEvent) => void): Promise<void> {
  return readStream({ target: { url: followUrl(sessionId), framing: 'ndjson' }, signal, decode: followDecoder(), onMessages: (events) => events.forEach(onEvent) });
}

/**
 * Keeps a follow stream open (reconnecting after `retryMs`, from the last offset it reached, so nothing written in
 * between is lost) until the returned function is called. A 401 sends the user to the login screen and ends it.
 */
export function keepFollowing(sessionId: string, onEvent: (event: FollowEvent) => void, retryMs: number): () => void {
  const reader = createStreamReader<FollowEvent>({
    url: (from) => followUrl(sessionId, from),
    decode: followDecoder(),
    onMessages: (events) => events.forEach(onEvent),
    onClose: (reason) => {
      if (reason.type === 'failed' || reason.type === 'unauthorized') console.warn(`Following session ${sessionId} failed:`, reason.error);
    },
    retry: fixedRetry(retryMs),
    resume: { after: (event) => (event.type === 'activity' ? undefined : event.offset) },
  });
  reader.start();
  return reader.stop;
}
