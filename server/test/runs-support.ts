import fs from 'node:fs';
import path from 'node:path';
import { StartConversationResponse, StreamEvent } from '@cui/contract';
import { afterAll, beforeAll } from 'vitest';
import { startFakeAnthropic, type FakeAnthropic } from '../../fake-model/index';
import { makeRepo } from '../../fake-model/test-support';
import { startTestServer, waitFor, type TestServer } from './helpers';

/** Test helpers for the runs feature: start runs over HTTP and read their NDJSON streams. */

/** The fake model and a server pointed at it, shared by one test file; usable once its beforeAll has run. */
export interface RunServer {
  readonly server: TestServer;
  readonly fake: FakeAnthropic;
  /** A scratch git repo (hello.txt = 'helo wrld') under the server's work directory. */
  newRepo(name: string): string;
}

/** Starts the fake model and a test server before the file's tests, and closes both after them. */
export function useRunServer(): RunServer {
  let fake: FakeAnthropic | undefined;
  let server: TestServer | undefined;
  beforeAll(async () => {
    fake = await startFakeAnthropic();
    server = await startTestServer({ anthropicBaseUrl: fake.url });
  });
  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('useRunServer: used before its beforeAll ran');
    return value;
  };
  return {
    get server() {
      return ready(server);
    },
    get fake() {
      return ready(fake);
    },
    newRepo: (name) => makeRepo(path.join(ready(server).dirs.work, name)),
  };
}

export interface StreamReader {
  status: number;
  contentType: string;
  /** Every kept event received so far (all but the transient `assistant_delta`), each validated against the contract. */
  events: StreamEvent[];
  /** Every event received so far in arrival order, `assistant_delta` included. */
  all: StreamEvent[];
  /** Every raw line, heartbeats included. */
  lines: string[];
  /** Waits for an event matching `predicate` (already received or future). */
  next(predicate: (event: StreamEvent) => boolean, timeoutMs?: number): Promise<StreamEvent>;
  /** Resolves when the server ends the response. */
  ended: Promise<void>;
  close(): void;
}

export async function openStream(server: TestServer, streamingId: string, from?: number): Promise<StreamReader> {
  const controller = new AbortController();
  const query = from === undefined ? '' : `?from=${from}`;
  const response = await server.api(`/api/stream/${streamingId}${query}`, { signal: controller.signal });
  const events: StreamEvent[] = [];
  const all: StreamEvent[] = [];
  const lines: string[] = [];
  const consume = async (): Promise<void> => {
    if (!response.body) return;
    const decoder = new TextDecoder();
    let partial = '';
    try {
      for await (const chunk of response.body) {
        const parts = (partial + decoder.decode(chunk as Uint8Array, { stream: true })).split('\n');
        partial = parts.pop() ?? '';
        for (const line of parts) {
          if (!line) continue;
          lines.push(line);
          if (line.startsWith(':')) continue;
          const event = StreamEvent.parse(JSON.parse(line));
          all.push(event);
          if (event.type !== 'assistant_delta') events.push(event);
        }
      }
    } catch (error) {
      if (!controller.signal.aborted) throw error;
    }
  };
  const ended = response.ok ? consume() : Promise.resolve();
  return {
    status: response.status,
    contentType: response.headers.get('content-type') ?? '',
    events,
    all,
    lines,
    next: (predicate, timeoutMs = 30_000) => waitFor(() => all.find(predicate), { timeoutMs, message: 'stream event' }),
    ended,
    close: () => controller.abort(),
  };
}

/** POST /api/conversations/start; returns the status and the parsed body. */
export async function postStart(server: TestServer, body: Record<string, unknown>): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await server.api('/api/conversations/start', { method: 'POST', body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** Starts a run and fails the test unless it started. */
export async function startOk(server: TestServer, body: Record<string, unknown>): Promise<StartConversationResponse> {
  const { status, body: json } = await postStart(server, body);
  if (status !== 200) throw new Error(`start failed: ${status} ${JSON.stringify(json)}`);
  return StartConversationResponse.parse(json);
}

export async function postJson(server: TestServer, pathname: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await server.api(pathname, { method: 'POST', ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

export async function getJson(server: TestServer, pathname: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await server.api(pathname);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** The CLI keeps `<CLAUDE_CONFIG_DIR>/sessions/<pid>.json` while it runs: the pid of the CLI serving a session. */
export function cliPidForSession(claudeConfigDir: string, sessionId: string): number | undefined {
  const dir = path.join(claudeConfigDir, 'sessions');
  for (const file of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
    try {
      const entry = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as { pid?: number; sessionId?: string };
      if (entry.sessionId === sessionId && typeof entry.pid === 'number') return entry.pid;
    } catch {
      // A registry file being written right now: skip it this round.
    }
  }
  return undefined;
}

/** Types of the events, for compact sequence assertions. */
export const typesOf = (events: StreamEvent[]): string[] => events.map((event) => event.type);

/** The tool_use blocks of assistant events, by tool name. */
export function toolUses(events: StreamEvent[]): { name: string; input: Record<string, unknown> }[] {
  return events.flatMap((event) =>
    event.type === 'assistant' && Array.isArray(event.message.content)
      ? event.message.content.flatMap((block) => (block.type === 'tool_use' ? [block as { name: string; input: Record<string, unknown> }] : []))
      : [],
  );
}
