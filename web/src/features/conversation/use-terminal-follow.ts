import type { ConversationSummary } from '@cui/contract';
import { useEffect, useRef, useState } from 'react';
import { RECONNECT_DELAY_MS } from '@/app/stream';
import { keepFollowing } from '@/features/live-run';

/** Where the session stands with a CLI outside the console (issue 18): holding it now, or having just let it go. */
export interface TerminalState {
  /** A terminal CLI holds the session: it is followed live, and nothing may be sent into it. */
  active: boolean;
  /** It held the session while this page was open and has stopped: the composer offers to continue it. */
  stopped: boolean;
}

/**
 * While the list entry says a terminal CLI holds the session, follows its transcript and calls `onChange` (the
 * loader's reload: the newest window and the list entry, read again) for each event: `connected` (what was written
 * since the page loaded), new messages, and the terminal stopping. Reloading rather than appending keeps the view
 * exactly the details route's (order, bridged parents) and loses nothing across reconnects; the CLI writes a
 * message only once it is complete, so reloads are few.
 * While the session is idle (completed, and this page runs nothing in it), it is followed too, so that a terminal
 * CLI picking it up (`claude --resume`) turns the view into 'Active in terminal' within a second or two; there only
 * news reloads: the terminal taking it, or messages written to it. One connection either way, kept across the switch.
 */
export function useTerminalFollow(sessionId: string, summary: ConversationSummary | null, running: boolean, onChange: () => Promise<void> | void): TerminalState {
  const active = summary?.liveSource === 'terminal';
  const idle = summary !== null && summary.status !== 'ongoing' && !running;
  // Adjusted while rendering (no effect): once seen active, a later inactive entry means the terminal stopped.
  const [seenActive, setSeenActive] = useState(false);
  if (active && !seenActive) setSeenActive(true);
  const latest = useRef(onChange);
  const activeNow = useRef(active);
  useEffect(() => {
    latest.current = onChange;
    activeNow.current = active;
  }, [onChange, active]);

  const followed = active || idle;
  useEffect(() => {
    if (!followed) return;
    return keepFollowing(sessionId, (event) => {
      const news = activeNow.current || event.type !== 'connected' || event.activeInTerminal;
      if (news) void latest.current();
    }, RECONNECT_DELAY_MS);
  }, [sessionId, followed]);

  return { active, stopped: seenActive && !active };
}
