import { TERMINAL_PROTOCOL, TERMINAL_TICKET_PREFIX } from '@cui/contract';
import headless from '@xterm/headless';
import WebSocket from 'ws';

/** A page's side of a terminal socket for tests: what it received, replayed into a headless terminal of its own. */
export interface TerminalClient {
  socket: WebSocket;
  /** Every output frame so far, joined. */
  output(): string;
  /** The screen's lines as a terminal shows them (the received frames written into a headless terminal). */
  screen(): Promise<string[]>;
  /** Resolves with the close code and reason. */
  closed: Promise<{ code: number; reason: string }>;
  type(text: string): void;
}

/** Opens a terminal socket with `protocols` (the terminal protocol and the ticket when given a ticket). */
export function connectTerminal(url: string, terminalId: string, ticket: string | string[] | undefined, headers: Record<string, string> = {}): TerminalClient {
  const protocols = Array.isArray(ticket) ? ticket : ticket === undefined ? [TERMINAL_PROTOCOL] : [TERMINAL_PROTOCOL, TERMINAL_TICKET_PREFIX + ticket];
  const socket = new WebSocket(`${url.replace(/^http/, 'ws')}/api/terminals/${terminalId}/socket`, protocols, { headers });
  const frames: string[] = [];
  socket.on('message', (data) => frames.push(String(data)));
  const closed = new Promise<{ code: number; reason: string }>((resolve) => socket.on('close', (code, reason) => resolve({ code, reason: String(reason) })));
  return {
    socket,
    closed,
    output: () => frames.join(''),
    type: (text) => socket.send(JSON.stringify({ t: 'i', d: text })),
    screen: () =>
      new Promise((resolve) => {
        const term = new headless.Terminal({ cols: 80, rows: 24, allowProposedApi: true });
        term.write(frames.join(''), () => {
          const buffer = term.buffer.active;
          const lines = Array.from({ length: buffer.length }, (_, index) => buffer.getLine(index)?.translateToString(true) ?? '');
          term.dispose();
          resolve(lines.filter((line) => line !== ''));
        });
      }),
  };
}

/** The HTTP status a refused upgrade got (the handshake never opened), once the server ended the connection. */
export function refusedStatus(client: TerminalClient): Promise<number> {
  return new Promise((resolve, reject) => {
    client.socket.on('unexpected-response', (request, response) => {
      response.resume();
      // The server must end the connection itself (a refused upgrade's socket is no longer the HTTP server's to end).
      response.socket.once('end', () => {
        request.destroy();
        resolve(response.statusCode ?? 0);
      });
    });
    client.socket.on('open', () => reject(new Error('the upgrade was accepted')));
    client.socket.on('error', () => undefined);
  });
}
