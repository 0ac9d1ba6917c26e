import Fastify, { type FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { installErrorHandler } from '../../platform/errors-http';
import { createRunEventLog, type RunEventLog } from './event-log';
import type { Run } from './run';
import { registerStreamRoutes } from './stream-route';

/** The NDJSON stream route over real HTTP, with a hand-made run standing in for a CLI process. */

const logger = pino({ level: 'silent' });
let app: FastifyInstance | undefined;

function fakeRun(log: RunEventLog): Run {
  const end = { reason: 'completed' as const, exitCode: 0, signal: null };
  return {
    info: { streamingId: 'run-1', sessionId: 's', workingDirectory: '/tmp', startedAt: '', permissionMode: 'default', initialPrompt: '' },
    log,
    ready: Promise.resolve(),
    ended: Promise.resolve(end),
    isLive: () => !log.isClosed(),
    pid: () => undefined,
    stop: async () => end,
    interrupt: async () => undefined,
    send: () => null,
    unqueue: () => undefined,
    sendNow: () => undefined,
    controls: () => {
      throw new Error('no CLI in this test');
    },
    backgroundTasks: () => [],
  };
}

async function serve(runs: Map<string, Run>, dropped: string[] = []): Promise<string> {
  app = Fastify();
  installErrorHandler(app, logger);
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('x-from-hook', 'kept');
  });
  registerStreamRoutes(app, { runs: { find: (id) => runs.get(id), wasDropped: (id) => dropped.includes(id) }, logger, heartbeatMs: 20 });
  return app.listen({ port: 0, host: '127.0.0.1' });
}

/** Reads the response line by line; `until` stops reading early. */
async function readLines(response: Response, until?: (lines: string[]) => boolean): Promise<string[]> {
  const lines: string[] = [];
  const decoder = new TextDecoder();
  let partial = '';
  for await (const chunk of response.body ?? []) {
    const parts = (partial + decoder.decode(chunk as Uint8Array, { stream: true })).split('\n');
    partial = parts.pop() ?? '';
    lines.push(...parts.filter(Boolean));
    if (until?.(lines)) break;
  }
  return lines;
}

afterEach(async () => {
  await app?.close();
  app = undefined;
});

describe('GET /api/stream/:streamingId', () => {
  it('sends connected, replays the run, follows live events with heartbeats, and ends after closed', async () => {
    const log = createRunEventLog();
    log.append({ type: 'system_init', cwd: '/tmp', session_id: 's' });
    const url = await serve(new Map([['run-1', fakeRun(log)]]));
    const response = await fetch(`${url}/api/stream/run-1`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/x-ndjson; charset=utf-8');
    expect(response.headers.get('cache-control')).toContain('no-cache');
    expect(response.headers.get('x-from-hook')).toBe('kept');
    const lines = await readLines(response, (read) => {
      // Once the idle stream sent a heartbeat, the run goes on and finishes.
      if (read.at(-1) === ': heartbeat' && !log.isClosed()) {
        log.append({ type: 'error', error: 'live one' });
        log.append({ type: 'closed', streamingId: 'run-1', reason: 'completed', exitCode: 0 });
        log.close();
      }
      return false;
    });
    const events = lines.filter((l) => !l.startsWith(':')).map((l) => JSON.parse(l) as { type: string; seq?: number });
    expect(events.map((e) => e.type)).toEqual(['connected', 'system_init', 'error', 'closed']);
    expect(events.map((e) => e.seq)).toEqual([undefined, 0, 1, 2]);
    expect(lines.filter((l) => l.startsWith(':'))).not.toEqual([]);
  });

  it('replays from ?from= and ends at once for a finished run', async () => {
    const log = createRunEventLog();
    for (let n = 0; n < 4; n++) log.append({ type: 'error', error: `e${n}` });
    log.close();
    const url = await serve(new Map([['run-1', fakeRun(log)]]));
    const lines = await readLines(await fetch(`${url}/api/stream/run-1?from=2`));
    expect(lines.map((l) => (JSON.parse(l) as { seq?: number }).seq)).toEqual([undefined, 2, 3]);
  });

  it('answers 404 for an unknown run, 410 for a dropped one, 400 for a bad from', async () => {
    const url = await serve(new Map(), ['old-run']);
    const unknown = await fetch(`${url}/api/stream/nope`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ code: 'run.not_found' });
    const gone = await fetch(`${url}/api/stream/old-run`);
    expect(gone.status).toBe(410);
    expect(await gone.json()).toMatchObject({ code: 'run.finished' });
    expect((await fetch(`${url}/api/stream/nope?from=abc`)).status).toBe(400);
  });

  it('keeps the run going for the others when a viewer disconnects', async () => {
    const log = createRunEventLog();
    const url = await serve(new Map([['run-1', fakeRun(log)]]));
    const leaving = new AbortController();
    const first = await fetch(`${url}/api/stream/run-1`, { signal: leaving.signal });
    const staying = await fetch(`${url}/api/stream/run-1`);
    await readLines(first, (lines) => lines.length > 0).catch(() => undefined);
    leaving.abort();
    log.append({ type: 'error', error: 'after leave' });
    log.append({ type: 'closed', streamingId: 'run-1' });
    log.close();
    const lines = (await readLines(staying)).filter((l) => !l.startsWith(':'));
    expect(lines.map((l) => (JSON.parse(l) as { type: string }).type)).toEqual(['connected', 'error', 'closed']);
  });
});
