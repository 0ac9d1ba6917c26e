import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installWarmUp } from './warm-up';

const IDLE_MS = 60_000;

async function startApp(warmUp: () => void): Promise<FastifyInstance> {
  const app = Fastify();
  installWarmUp(app, { warmUp, idleMs: IDLE_MS });
  app.get('/ping', async () => ({ ok: true }));
  await app.listen({ host: '127.0.0.1', port: 0 });
  return app;
}

const afterQueuedImmediates = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('installWarmUp', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs the warm-up after the first answer, not when the server starts listening, and only once', async () => {
    const warmUp = vi.fn();
    const app = await startApp(warmUp);
    expect(warmUp).not.toHaveBeenCalled();
    expect((await app.inject({ url: '/ping' })).statusCode).toBe(200);
    await vi.waitFor(() => expect(warmUp).toHaveBeenCalledTimes(1));
    await app.inject({ url: '/ping' });
    await app.close();
    await afterQueuedImmediates();
    expect(warmUp).toHaveBeenCalledTimes(1);
  });

  it('runs it once the server has been idle for idleMs after listening', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const warmUp = vi.fn();
    const app = await startApp(warmUp);
    vi.advanceTimersByTime(IDLE_MS - 1);
    expect(warmUp).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(warmUp).toHaveBeenCalledTimes(1);
    await app.close();
  });

  it('never runs it for a server closed before its first request or its idle time', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const warmUp = vi.fn();
    const app = await startApp(warmUp);
    await app.close();
    vi.advanceTimersByTime(IDLE_MS * 2);
    await afterQueuedImmediates();
    expect(warmUp).not.toHaveBeenCalled();
  });
});
