import type { ConversationDetails, ConversationSummary } from '@cui/contract';
import type { LoaderFunctionArgs, ShouldRevalidateFunctionArgs } from 'react-router';
import { MESSAGE_PARAM } from '@/lib/message-link';
import { apiCall } from './api-client';
import { getStoredToken } from './auth-token';
import { routes } from './routes';

/** Messages of a conversation's first window: enough to fill the screen many times, cheap whatever the session's length. */
export const FIRST_WINDOW = 200;

/** What opening a conversation reads first (spec §4 'Opening a conversation' steps 1–2). */
export interface FirstWindow {
  /** The newest window of the details (reaching back to `through` when given). */
  details: ConversationDetails;
  /** The session's list entry (status, streamingId, session info); null when the list does not hold it. */
  listed: ConversationSummary | null;
}

/** The list entry of one session, looked up by its id. */
export async function findSummary(sessionId: string, signal?: AbortSignal): Promise<ConversationSummary | null> {
  const list = await apiCall(routes.sessions.list, { query: { sessionId, limit: 1 } }, { signal });
  return list.conversations.find((c) => c.sessionId === sessionId) ?? null;
}

/** The details' first window and the list entry, requested together. */
export async function fetchFirstWindow(sessionId: string, through: string | undefined, signal?: AbortSignal): Promise<FirstWindow> {
  const [details, listed] = await Promise.all([
    apiCall(routes.sessions.details, { params: { sessionId }, query: { limit: FIRST_WINDOW, ...(through ? { through } : {}) } }, { signal }),
    findSummary(sessionId, signal),
  ]);
  return { details, listed };
}

/** A read started ahead of the view, handed over once: a view mounted again later (after a new login) reads afresh. */
export interface FirstWindowHandoff {
  take(): Promise<FirstWindow> | undefined;
}

/**
 * The conversation route's loader: starts reading the first window as the route is entered, alongside its lazily
 * loaded screen, rather than once the screen has loaded and rendered (issue 11 point 4, first paint). It returns at
 * once (nothing waits on it); the page hands the pending read to its view, which takes it for its first load.
 * The router runs it as soon as it is created, before the auth gate: without a stored token, or with a `#token=` the
 * gate has yet to store, it asks nothing (a 401 would send the gate to the login screen), and the view reads itself.
 */
export function conversationLoader({ params, request }: Pick<LoaderFunctionArgs, 'params' | 'request'>): { firstWindow?: FirstWindowHandoff } {
  if (getStoredToken() === undefined || /(?:^#|&)token=/.test(window.location.hash)) return {};
  let pending: Promise<FirstWindow> | undefined = fetchFirstWindow(params.sessionId ?? '', new URL(request.url).searchParams.get(MESSAGE_PARAM) ?? undefined);
  // Marked handled here: a read the page never takes (it left first) must not surface as an unhandled rejection;
  // the page that takes it still sees the failure.
  pending.catch(() => undefined);
  return {
    firstWindow: {
      take: () => {
        const taken = pending;
        pending = undefined;
        return taken;
      },
    },
  };
}

/**
 * A navigation to the very address shown (a run started from the page) keeps the view mounted, which has read its
 * first window already: the loader is not run again for it (its read would go unused).
 */
export function conversationShouldRevalidate({ currentUrl, nextUrl }: Pick<ShouldRevalidateFunctionArgs, 'currentUrl' | 'nextUrl'>): boolean {
  return currentUrl.pathname !== nextUrl.pathname || currentUrl.search !== nextUrl.search;
}
