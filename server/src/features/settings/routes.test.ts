import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createEventBus, type DomainEvents } from '../../platform/bus';
import { installErrorHandler } from '../../platform/errors-http';
import { createConfigStore } from './config-store';
import { registerSettingsRoutes } from './routes';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** The settings routes alone on Fastify (inject, no listen), with a bus subscriber recording config.changed. */
async function settingsApp(): Promise<{ app: FastifyInstance; changes: DomainEvents['config.changed'][] }> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cui-settings-'));
  const logger = pino({ level: 'silent' });
  const bus = createEventBus(logger);
  const changes: DomainEvents['config.changed'][] = [];
  bus.subscribe('config.changed', (payload) => changes.push(payload));
  const app = Fastify();
  installErrorHandler(app, logger);
  registerSettingsRoutes(app, { config: createConfigStore({ path: path.join(root, 'config.json'), bus }), logger });
  await app.ready();
  cleanups.push(() => app.close(), () => fs.rmSync(root, { recursive: true, force: true }));
  return { app, changes };
}

describe('PUT /api/config and the bus', () => {
  it('publishes config.changed with the changed sections once the update is stored', async () => {
    const { app, changes } = await settingsApp();
    const response = await app.inject({ method: 'PUT', url: '/api/config', payload: { router: { enabled: true }, gemini: {} } });
    expect(response.statusCode).toBe(200);
    expect(changes).toEqual([{ sections: ['router'] }]);
  });

  it('publishes nothing for a refused update', async () => {
    const { app, changes } = await settingsApp();
    const response = await app.inject({ method: 'PUT', url: '/api/config', payload: { interface: { colorScheme: 'purple' } } });
    expect(response.statusCode).toBe(400);
    expect(changes).toEqual([]);
  });
});
