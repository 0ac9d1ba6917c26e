import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readChunk } from './index-chunk';
import { createIndexPool, type IndexPool } from './index-pool';
import { emptyAggregate } from './session-aggregate';

const FIXTURE = fileURLToPath(new URL('./fixtures/transcript-after-resume.jsonl', import.meta.url));
let pool: IndexPool;

beforeAll(async () => {
  // The worker as production runs it: bundled on its own (scripts/build.mjs does the same).
  const outfile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cui-worker-')), 'index-worker.mjs');
  await build({ entryPoints: [fileURLToPath(new URL('./index-worker.ts', import.meta.url))], outfile, bundle: true, platform: 'node', format: 'esm', packages: 'external', logLevel: 'error' });
  pool = createIndexPool({ script: outfile, logger: pino({ level: 'silent' }), size: 2 });
});

afterAll(() => pool.close());

describe('index worker pool', () => {
  it('folds a chunk in a worker exactly as in this thread', async () => {
    const size = fs.statSync(FIXTURE).size;
    const job = { filePath: FIXTURE, from: 0, to: size, aggregate: emptyAggregate() };
    const [inWorker, here] = await Promise.all([pool.read(job), readChunk(job)]);
    expect(inWorker).toEqual(here);
    expect(Buffer.isBuffer(inWorker.keys)).toBe(true);
    expect(inWorker.aggregate.firstPrompt).toBe('fix the file');
  });

  it('continues an aggregate from an offset, with several chunks in flight at once', async () => {
    const size = fs.statSync(FIXTURE).size;
    const first = await pool.read({ filePath: FIXTURE, from: 0, to: Math.floor(size / 2), aggregate: emptyAggregate() });
    const results = await Promise.all(Array.from({ length: 6 }, () => pool.read({ filePath: FIXTURE, from: first.offset, to: size, aggregate: first.aggregate })));
    const whole = await readChunk({ filePath: FIXTURE, from: 0, to: size, aggregate: emptyAggregate() });
    for (const rest of results) expect(rest.aggregate).toEqual(whole.aggregate);
  });

  it('fails the job of a file that cannot be read, with its error code, and keeps serving', async () => {
    await expect(pool.read({ filePath: '/nonexistent/x.jsonl', from: 0, to: 10, aggregate: emptyAggregate() })).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(pool.read({ filePath: FIXTURE, from: 0, to: 100, aggregate: emptyAggregate() })).resolves.toMatchObject({ offset: expect.any(Number) });
  });
});
