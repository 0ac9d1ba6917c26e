/* Zod-free, so the web's terminal chunk reads them without the validators (`@cui/contract/terminal-protocol`). */

export const TERMINAL_PROTOCOL = 'cui.terminal.v1';
export const TERMINAL_TICKET_PREFIX = 'cui.ticket.';
/** Most characters one input frame carries (a longer paste goes in several). */
export const TERMINAL_INPUT_CHUNK = 32 * 1024;
/** How long a minted ticket stays usable. */
export const TERMINAL_TICKET_TTL_MS = 30_000;

/** WebSocket close codes the server ends a terminal socket with (the reason says why, for the user). */
export const TERMINAL_CLOSE = {
  /** Missing, unknown, used or expired ticket: mint a new one and reconnect. */
  ticketRefused: 4401,
  /** The terminal is gone (closed, exited, or ended idle). */
  notFound: 4404,
  /** The terminal ended while the page watched (the shell exited, it was closed, or the idle end). */
  ended: 4000,
} as const;
