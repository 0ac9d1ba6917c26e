import { TERMINAL_CLOSE, TERMINAL_PROTOCOL, TERMINAL_TICKET_PREFIX, TerminalClientFrame } from '@cui/contract';
import type { FastifyRequest } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import type { TerminalManager } from './terminal-manager';
import type { TicketStore } from './tickets';

/** Above this many unsent bytes on a socket the PTY pauses; it goes on once the socket is below the low mark. */
const HIGH_WATER_BYTES = 1024 * 1024;
const LOW_WATER_BYTES = 256 * 1024;
/** A WebSocket close reason is at most 123 bytes. */
const MAX_REASON_CHARS = 120;

/** The one subprotocol the server answers with (never the ticket); a handshake offering none of it fails. */
export function chooseProtocol(protocols: Set<string>): string | false {
  return protocols.has(TERMINAL_PROTOCOL) ? TERMINAL_PROTOCOL : false;
}

/** The ticket offered in `Sec-WebSocket-Protocol` (`cui.ticket.<ticket>`), if any. */
function offeredTicket(header: string | string[] | undefined): string | undefined {
  const values = [header ?? []].flat().flatMap((value) => value.split(','));
  const ticket = values.map((value) => value.trim()).find((value) => value.startsWith(TERMINAL_TICKET_PREFIX));
  return ticket?.slice(TERMINAL_TICKET_PREFIX.length);
}

function parseFrame(raw: RawData, isBinary: boolean): TerminalClientFrame | undefined {
  if (isBinary) return undefined;
  try {
    const parsed = TerminalClientFrame.safeParse(JSON.parse(String(raw)));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

const closeWith = (socket: WebSocket, code: number, reason: string): void => socket.close(code, reason.slice(0, MAX_REASON_CHARS));

/**
 * The terminal's socket: the ticket (taken once) must have been minted for this terminal, else 4401 after the
 * handshake, so the page mints a new one instead of seeing a bare 1006. Listeners are attached synchronously (a
 * message arriving during awaited work would be lost). Neither keystrokes nor output are logged.
 */
export function terminalSocketHandler(deps: { terminals: TerminalManager; tickets: TicketStore }) {
  return (socket: WebSocket, request: FastifyRequest<{ Params: { terminalId: string } }>): void => {
    const { terminalId } = request.params;
    const ticket = offeredTicket(request.headers['sec-websocket-protocol']);
    if (ticket === undefined || deps.tickets.take(ticket) !== terminalId) {
      closeWith(socket, TERMINAL_CLOSE.ticketRefused, 'The terminal ticket is missing, used or expired');
      return;
    }
    const session = deps.terminals.get(terminalId);
    if (!session) {
      closeWith(socket, TERMINAL_CLOSE.notFound, deps.terminals.endedReason(terminalId) ?? 'No such terminal');
      return;
    }
    const detach = session.attach({
      send(data) {
        socket.send(data, () => {
          if (socket.bufferedAmount < LOW_WATER_BYTES) session.drained();
        });
        return socket.bufferedAmount < HIGH_WATER_BYTES;
      },
      end: (code, reason) => closeWith(socket, code, reason),
    });
    socket.on('message', (raw, isBinary) => {
      const frame = parseFrame(raw, isBinary);
      if (frame?.t === 'i') session.write(frame.d);
      else if (frame?.t === 'r') session.resize(frame.cols, frame.rows);
    });
    socket.on('close', detach);
  };
}
