import { z } from 'zod';
import { SessionId } from './ids';
import { defineRoute } from './route';
import { TERMINAL_INPUT_CHUNK, TERMINAL_PROTOCOL, TERMINAL_TICKET_PREFIX } from './terminal-protocol';

/**
 * The integrated terminal (issue 25): a real PTY on the server, its screen mirrored by a headless terminal so a
 * reconnect repaints it. The page opens a terminal (an authenticated call that mints a single-use ticket), then its
 * WebSocket with the protocols `[TERMINAL_PROTOCOL, TERMINAL_TICKET_PREFIX + ticket]`; the server answers with
 * `TERMINAL_PROTOCOL` only. Server → page: text frames of terminal output (the first is the serialized screen and
 * scrollback). Page → server: text frames, each one `TerminalClientFrame` as JSON.
 */
export { TERMINAL_CLOSE, TERMINAL_PROTOCOL, TERMINAL_TICKET_PREFIX, TERMINAL_TICKET_TTL_MS } from './terminal-protocol';

/** What the page sends over the socket: keystrokes (`i`) or its size (`r`), kept apart. */
export const TerminalClientFrame = z.discriminatedUnion('t', [
  z.object({ t: z.literal('i'), d: z.string().max(TERMINAL_INPUT_CHUNK) }),
  z.object({ t: z.literal('r'), cols: z.int().min(2).max(1000), rows: z.int().min(1).max(500) }),
]);
export type TerminalClientFrame = z.infer<typeof TerminalClientFrame>;

const Cols = z.int().min(2).max(1000).optional();
const Rows = z.int().min(1).max(500).optional();

/** Open a terminal in a conversation's folder (`sessionId`) or, from home, in a trusted `folder`: exactly one of them. */
export const OpenTerminalRequest = z
  .strictObject({
    sessionId: SessionId.optional(),
    folder: z.string().min(1).max(4096).optional().meta({ title: 'Trusted folder' }),
    cols: Cols,
    rows: Rows,
  })
  .refine((body) => (body.sessionId === undefined) !== (body.folder === undefined), { message: 'give either sessionId or folder' });
export type OpenTerminalRequest = z.infer<typeof OpenTerminalRequest>;

export const TerminalId = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'must be a terminal id');

/** One live terminal. */
export const TerminalInfo = z.object({
  terminalId: TerminalId,
  /** Its working directory at start. */
  folder: z.string(),
  /** The conversation it was opened from; absent for one opened from home. */
  sessionId: SessionId.optional(),
  createdAt: z.string(),
  /** Pages connected now. */
  viewers: z.int(),
});
export type TerminalInfo = z.infer<typeof TerminalInfo>;

/** A single-use ticket for the terminal's socket, valid for `TERMINAL_TICKET_TTL_MS`. */
export const TerminalTicket = z.object({ terminalId: TerminalId, ticket: z.string() });
export type TerminalTicket = z.infer<typeof TerminalTicket>;

export const OpenTerminalResponse = TerminalInfo.extend({ ticket: z.string() });
export type OpenTerminalResponse = z.infer<typeof OpenTerminalResponse>;

export const ListTerminalsQuery = z.object({ sessionId: SessionId.optional() });
export const ListTerminalsResponse = z.object({
  terminals: z.array(TerminalInfo),
  /** False when terminals are off (see `disabledReason`). */
  enabled: z.boolean(),
  disabledReason: z.string().optional(),
});
export type ListTerminalsResponse = z.infer<typeof ListTerminalsResponse>;

const TerminalParams = z.object({ terminalId: TerminalId });

export const terminalRoutes = {
  list: defineRoute({
    name: 'listTerminals',
    summary: 'The live terminals (of one conversation with sessionId), and whether terminals are on.',
    method: 'GET',
    path: '/api/terminals',
    query: ListTerminalsQuery,
    response: ListTerminalsResponse,
  }),
  open: defineRoute({
    name: 'openTerminal',
    summary: "Starts a shell in a conversation's folder or a trusted folder; answers its id and a ticket for its socket.",
    method: 'POST',
    path: '/api/terminals',
    body: OpenTerminalRequest,
    response: OpenTerminalResponse,
  }),
  ticket: defineRoute({
    name: 'terminalTicket',
    summary: "Mints a single-use, short-lived ticket for a live terminal's socket (each connection takes a new one).",
    method: 'POST',
    path: '/api/terminals/:terminalId/ticket',
    params: TerminalParams,
    response: TerminalTicket,
  }),
  close: defineRoute({
    name: 'closeTerminal',
    summary: 'Ends a terminal: its shell and every process it started.',
    method: 'DELETE',
    path: '/api/terminals/:terminalId',
    params: TerminalParams,
    response: z.object({ success: z.literal(true) }),
  }),
  socket: defineRoute({
    name: 'terminalSocket',
    summary: `WebSocket only: the terminal's output and input. Protocols ['${TERMINAL_PROTOCOL}', '${TERMINAL_TICKET_PREFIX}<ticket>'].`,
    method: 'GET',
    path: '/api/terminals/:terminalId/socket',
    params: TerminalParams,
    response: z.string().meta({ description: 'Text frames of terminal output; the first repaints the screen.' }),
    auth: 'ticket',
  }),
};
