import { TERMINAL_CLOSE, TERMINAL_INPUT_CHUNK, TERMINAL_PROTOCOL, TERMINAL_TICKET_PREFIX } from '@cui/contract/terminal-protocol';
import { apiCall } from '@/app/api-client';
import { routes } from '@/app/routes';

/** What the page shows of a terminal's socket. */
export type ConnectionState = { kind: 'connecting' } | { kind: 'open' } | { kind: 'ended'; reason: string };

export interface TerminalConnection {
  sendInput(data: string): void;
  resize(cols: number, rows: number): void;
  close(): void;
}

/** Waits before reconnecting after a dropped socket; doubles up to the last. */
const RETRY_MS = [500, 1000, 2000, 5000];

function socketUrl(terminalId: string): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}/api/terminals/${encodeURIComponent(terminalId)}/socket`;
}

/**
 * Keeps a terminal's socket open: each connection takes a fresh single-use ticket (in `Sec-WebSocket-Protocol`, never
 * the URL); a drop reconnects and the server repaints the screen (`onScreen` is told to clear first). A terminal that
 * ended (closed, exited, idle) is not reconnected: `onState` says why.
 */
export function connectTerminal(options: {
  terminalId: string;
  firstTicket?: string;
  onOutput(data: string): void;
  onScreen(): void;
  onState(state: ConnectionState): void;
  size(): { cols: number; rows: number };
}): TerminalConnection {
  let socket: WebSocket | undefined;
  let stopped = false;
  let attempt = 0;
  let ticket = options.firstTicket;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const send = (frame: object): void => {
    if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(frame));
  };

  const open = async (): Promise<void> => {
    options.onState({ kind: 'connecting' });
    try {
      const use = ticket ?? (await apiCall(routes.terminals.ticket, { params: { terminalId: options.terminalId } })).ticket;
      ticket = undefined;
      if (stopped) return;
      const next = new WebSocket(socketUrl(options.terminalId), [TERMINAL_PROTOCOL, TERMINAL_TICKET_PREFIX + use]);
      let first = true;
      next.onopen = () => {
        attempt = 0;
        options.onState({ kind: 'open' });
        send({ t: 'r', ...options.size() });
      };
      next.onmessage = (event: MessageEvent<string>) => {
        if (first) options.onScreen();
        first = false;
        options.onOutput(event.data);
      };
      next.onclose = (event) => onClose(event.code, event.reason);
      socket = next;
    } catch (error) {
      // A terminal that is gone answers 404 to a new ticket: it ended.
      const reason = error instanceof Error ? error.message : String(error);
      if (/not_found|ended|closed|exited|idle/i.test(reason)) options.onState({ kind: 'ended', reason });
      else retry();
    }
  };
  const retry = (): void => {
    if (stopped) return;
    options.onState({ kind: 'connecting' });
    timer = setTimeout(() => void open(), RETRY_MS[Math.min(attempt++, RETRY_MS.length - 1)]);
  };
  const onClose = (code: number, reason: string): void => {
    socket = undefined;
    if (stopped) return;
    if (code === TERMINAL_CLOSE.ended || code === TERMINAL_CLOSE.notFound) options.onState({ kind: 'ended', reason: reason || 'The terminal ended' });
    else retry();
  };

  void open();
  return {
    sendInput(data) {
      for (let start = 0; start < data.length; start += TERMINAL_INPUT_CHUNK) send({ t: 'i', d: data.slice(start, start + TERMINAL_INPUT_CHUNK) });
    },
    resize: (cols, rows) => send({ t: 'r', cols, rows }),
    close() {
      stopped = true;
      clearTimeout(timer);
      socket?.close();
    },
  };
}
