import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import Fastify from 'fastify';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { readDamageMarker } from './db-background-check';
import { installErrorHandler } from './errors-http';

const logger = pino({ level: 'silent' });

async function answerTo(error: Error, dbPath = '/home/u/.cui/cui.db'): Promise<{ status: number; body: unknown }> {
  const app = Fastify();
  installErrorHandler(app, logger, { dbPath });
  app.get('/api/fail', () => {
    throw error;
  });
  const response = await app.inject({ method: 'GET', url: '/api/fail' });
  await app.close();
  return { status: response.statusCode, body: response.json() };
}

describe('the error handler', () => {
  it('answers a database damaged while running with 503 storage.damaged naming the file and the remedy', async () => {
    const { status, body } = await answerTo(new Database.SqliteError('database disk image is malformed', 'SQLITE_CORRUPT'));
    expect(status).toBe(503);
    expect(body).toEqual({ code: 'storage.damaged', error: expect.stringContaining('The database /home/u/.cui/cui.db is damaged. Restart cui') as unknown });
  });

  it('leaves the marker that makes the next start repair the database (its check before listening reads only the user data)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cui-errors-'));
    const dbPath = path.join(dir, 'cui.db');
    expect(readDamageMarker(dbPath)).toBeUndefined();
    expect((await answerTo(new Database.SqliteError('database disk image is malformed', 'SQLITE_CORRUPT'), dbPath)).status).toBe(503);
    expect(readDamageMarker(dbPath)).toBe('SQLite reported damage while answering a request: database disk image is malformed');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('still answers other SQLite errors with a generic 500', async () => {
    expect(await answerTo(new Database.SqliteError('database is locked', 'SQLITE_BUSY'))).toEqual({ status: 500, body: { error: 'Internal server error', code: 'internal' } });
  });
});
