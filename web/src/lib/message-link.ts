/** The query parameter that opens a conversation on one message (a search hit): /c/{sessionId}?message={uuid}. */
export const MESSAGE_PARAM = 'message';

/** The conversation page opened on one message (scrolled to it, highlighted). */
export function messageLink(sessionId: string, uuid: string): string {
  return `/c/${encodeURIComponent(sessionId)}?${MESSAGE_PARAM}=${encodeURIComponent(uuid)}`;
}
