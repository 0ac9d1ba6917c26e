import { type ConversationSummary, FollowEvent, routes } from '@cui/contract';
import { useEffect, useRef, useState } from 'react';
import { authHeaders, routeUrl } from '@/app/api-client';
import { createLineSplitter, RECONNECT_DELAY_MS } from '@/features/live-run';

/** Where the session stands with a CLI outside the console (issue 18): holding it now, or having just let it go. */
export interface TerminalState {
  /** A terminal CLI holds the session: it is followed live, and nothing may be sent into it. */
  active: boolean;
  /** It held the session while this page was open and has stopped: the composer offers to continue it. */
  stopped: boolean;
}

/** Reads the follow stream until it ends; every event says the transcript or its holder changed. */
async function readFollow(sessionId: string, signal: AbortSignal, onChange: () => void): Promise<void> {
  const response = await fetch(routeUrl(routes.follow.follow, { params: { sessionId } }), { headers: authHeaders(), signal });
  if (!response.ok || !response.body) throw new Error(`Follow stream failed: ${response.status}`);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const splitter = createLineSplitter();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    for (const line of splitter.push(value)) {
      if (!line.trim() || line.startsWith(':')) continue;
      if (FollowEvent.safeParse(JSON.parse(line)).success) onChange();
    }
  }
}

/**
 * While the list entry says a terminal CLI holds the session, follows its transcript and calls `onChange` (the
 * loader's reload: the newest window and the list entry, read again) for each event: `connected` (what was written
 * since the page loaded), new messages, and the terminal stopping. Reloading rather than appending keeps the view
 * exactly the details route's (order, bridged parents) and loses nothing across reconnects; the CLI writes a
 * message only once it is complete, so reloads are few.
 */
export function useTerminalFollow(sessionId: string, summary: ConversationSummary | null, onChange: () => Promise<void> | void): TerminalState {
  const active = summary?.liveSource === 'terminal';
  // Adjusted while rendering (no effect): once seen active, a later inactive entry means the terminal stopped.
  const [seenActive, setSeenActive] = useState(false);
  if (active && !seenActive) setSeenActive(true);
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  }, [onChange]);

  useEffect(() => {
    if (!active) return;
    const controller = new AbortController();
    let retry: ReturnType<typeof setTimeout> | undefined;
    const open = (): void => {
      readFollow(sessionId, controller.signal, () => void latest.current()).then(
        () => undefined,
        (error: unknown) => {
          if (!controller.signal.aborted) console.warn('Following the terminal session failed:', error);
        },
      ).finally(() => {
        // The stream never ends by itself: an end or a failure is a dropped connection, retried while still held.
        if (!controller.signal.aborted) retry = setTimeout(open, RECONNECT_DELAY_MS);
      });
    };
    open();
    return () => {
      controller.abort();
      clearTimeout(retry);
    };
  }, [sessionId, active]);

  return { active, stopped: seenActive && !active };
}
