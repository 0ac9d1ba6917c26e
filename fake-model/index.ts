import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { createGates, type Gates } from './gates';
import { sendError } from './http';
import { route } from './routes';
import type { RecordedRequest } from './types';

export type { Conversation, RecordedRequest, Scenario, ScriptBlock, ScriptReply } from './types';
export { readConversation } from './conversation';
export { pickScenario, SCENARIOS } from './scenarios/index';
export { gateOf, type Gates, type HeldReply } from './gates';

/**
 * A scripted fake of the Anthropic Messages API for the real Claude Code CLI
 * (point it here with ANTHROPIC_BASE_URL). Replies are computed from each request
 * alone, so resume, fork and parallel sessions work. See scenarios/ for the keywords.
 */
export interface FakeAnthropic {
  /** e.g. http://127.0.0.1:43123 (no trailing slash). */
  url: string;
  /** Every request received, in arrival order. */
  requests: RecordedRequest[];
  /** Replies of `[gate:NAME]` prompts waiting for the test (also over HTTP: see routes.ts). */
  gates: Gates;
  /** Stops listening and drops open connections (streams in progress end at once). */
  close(): Promise<void>;
}

export interface FakeAnthropicOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  host?: string;
  /** Called once the fake has finished with a request (its record is then final). */
  onRequestDone?: (record: RecordedRequest) => void;
}

function trackSockets(server: Server): Set<Socket> {
  const sockets = new Set<Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  return sockets;
}

export async function startFakeAnthropic(options: FakeAnthropicOptions = {}): Promise<FakeAnthropic> {
  const requests: RecordedRequest[] = [];
  const gates = createGates();
  const server = createServer((req, res) => {
    const record: RecordedRequest = { n: requests.length + 1, method: req.method ?? 'GET', path: req.url ?? '/', status: 0, closedEarly: false };
    requests.push(record);
    route(req, res, record, gates)
      .catch((error: unknown) => {
        record.status = 500;
        if (!res.headersSent) sendError(res, 500, 'api_error', `fake server error: ${String(error)}`);
        else res.destroy();
      })
      .finally(() => options.onRequestDone?.(record));
  });
  const sockets = trackSockets(server);
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const urlHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${urlHost}:${port}`,
    requests,
    gates,
    close: () =>
      new Promise<void>((resolve) => {
        gates.releaseAll();
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
