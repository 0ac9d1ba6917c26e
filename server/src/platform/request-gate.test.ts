import { PassThrough } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { openNdjsonResponse } from './ndjson-response';
import { createRequestGate, type RequestGate } from './request-gate';

const apps: FastifyInstance[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

/** An app whose GET /held answers when the test releases it, and GET /stream sends headers, then stays open. */
function appWith(gate: RequestGate) {
  const app = Fastify();
  apps.push(app);
  gate.install(app);
  let release = (): void => undefined;
  let entered = (): void => undefined;
  const inHandler = new Promise<void>((resolve) => (entered = resolve));
  const held = new Promise<void>((resolve) => (release = resolve));
  const stream = new PassThrough();
  app.get('/held', async () => {
    entered();
    await held;
    return { ok: true };
  });
  app.get('/stream', (_request, reply) => {
    entered();
    stream.write('{"seq":0}\n');
    return reply.type('application/x-ndjson').send(stream);
  });
  // As the console's own streams answer (run, follow, inbox, logs): the reply taken over, its head written by hand.
  app.get('/hijacked', (_request, reply) => {
    const res = openNdjsonResponse(reply);
    res.write('{"seq":0}\n');
    stream.once('end', () => res.end());
  });
  return { app, release, inHandler, stream };
}

/** A few event-loop turns: enough for an idle() that had nothing to wait for to resolve. */
async function turns(count = 5): Promise<void> {
  for (let i = 0; i < count; i++) await new Promise((resolve) => setImmediate(resolve));
}

function track(promise: Promise<void>): { settled: () => boolean } {
  let settled = false;
  void promise.then(() => (settled = true));
  return { settled: () => settled };
}

describe('request gate', () => {
  it('is idle at once when no request is being handled', async () => {
    const gate = createRequestGate(60_000);
    appWith(gate);
    const idle = track(gate.idle());
    await turns();
    expect(idle.settled()).toBe(true);
  });

  it('waits until a request in flight has its reply sent', async () => {
    const gate = createRequestGate(60_000);
    const { app, release, inHandler } = appWith(gate);
    const response = app.inject({ method: 'GET', url: '/held' });
    await inHandler;
    const idle = track(gate.idle());
    await turns();
    expect(idle.settled()).toBe(false);
    release();
    expect((await response).statusCode).toBe(200);
    await turns();
    expect(idle.settled()).toBe(true);
  });

  // '/hijacked' is how the console's own streams answer (run, follow, inbox, logs): they never reach onSend.
  it.each(['/stream', '/hijacked'])('counts a stream (%s) until its head is written, not while it stays open', async (url) => {
    const gate = createRequestGate(60_000);
    const { app, stream } = appWith(gate);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const controller = new AbortController();
    const response = await fetch(`http://127.0.0.1:${port}${url}`, { signal: controller.signal });
    expect(response.status).toBe(200);
    const idle = track(gate.idle());
    await turns();
    expect(idle.settled()).toBe(true);
    controller.abort();
    stream.end();
  });

  it('stops waiting after its longest wait while a request is still held', async () => {
    const gate = createRequestGate(20);
    const { app, release, inHandler } = appWith(gate);
    const response = app.inject({ method: 'GET', url: '/held' });
    await inHandler;
    await gate.idle();
    // The request is still held: idle() gave up waiting for it.
    expect(await Promise.race([response.then(() => 'answered'), turns().then(() => 'held')])).toBe('held');
    release();
    await response;
  });

  it('is idle again once a client gives up on its request', async () => {
    const gate = createRequestGate(60_000);
    const { app, release, inHandler } = appWith(gate);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const controller = new AbortController();
    const request = fetch(`http://127.0.0.1:${port}/held`, { signal: controller.signal }).catch(() => 'aborted');
    await inHandler;
    const idle = track(gate.idle());
    await turns();
    expect(idle.settled()).toBe(false);
    controller.abort();
    expect(await request).toBe('aborted');
    await expect.poll(() => idle.settled(), { timeout: 5_000 }).toBe(true);
    release();
  });
});
