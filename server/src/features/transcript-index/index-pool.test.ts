import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type PluginBuild } from 'esbuild';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRandom } from '../../../../bench/corpus-lines';
import { generateSession } from '../../../../bench/generate-corpus';
import { openDatabase } from '../../platform/db';
import { readChunk } from './index-chunk';
import { createIndexPool, inThreadPool, workersPayOff, type IndexPool } from './index-pool';
import { createIndexStore } from './index-store';
import { emptyAggregate } from '../../cli/transcript/session-aggregate';
import { createSessionIndexer } from './session-indexer';
import { createSummaryLinks } from './summary-links';

const FIXTURE = fileURLToPath(new URL('../../cli/transcript/fixtures/transcript-after-resume.jsonl', import.meta.url));
let pool: IndexPool;
let workerDir = '';

beforeAll(async () => {
  // The worker as production runs it: bundled on its own with the contract inlined (scripts/build.mjs does the
  // same), inside the repository so that its npm packages resolve from node_modules as they do from dist/server.
  const root = fileURLToPath(new URL('../../../../', import.meta.url));
  fs.mkdirSync(path.join(root, 'node_modules/.cache'), { recursive: true });
  workerDir = fs.mkdtempSync(path.join(root, 'node_modules/.cache/cui-index-worker-'));
  const outfile = path.join(workerDir, 'index-worker.mjs');
  const contract = path.join(root, 'contract/index.ts');
  const contractAlias = { name: 'cui-contract', setup: (b: PluginBuild) => b.onResolve({ filter: /^@cui\/contract$/ }, () => ({ path: contract })) };
  await build({ entryPoints: [fileURLToPath(new URL('./index-worker.ts', import.meta.url))], outfile, bundle: true, platform: 'node', format: 'esm', packages: 'external', plugins: [contractAlias], logLevel: 'error' });
  pool = createIndexPool({ script: outfile, logger: pino({ level: 'silent' }), size: 2 });
});

afterAll(async () => {
  await pool.close();
  fs.rmSync(workerDir, { recursive: true, force: true });
});

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

  it('ends idle workers on release and starts them again for the next read', async () => {
    await pool.release();
    await expect(pool.read({ filePath: FIXTURE, from: 0, to: 100, aggregate: emptyAggregate() })).resolves.toMatchObject({ offset: expect.any(Number) });
  });

  it('indexes every file of a sweep larger than a save batch, through the workers exactly as in-thread, summaries linked across files', async () => {
    const projects = fs.mkdtempSync(path.join(os.tmpdir(), 'cui-sweep-'));
    const rand = createRandom(9);
    const ids: string[] = [];
    let leaf = '';
    for (let i = 0; i < 60; i++) {
      const w = generateSession(rand, `/home/dev/p${i % 3}`, Date.parse('2026-02-01T00:00:00Z') + i * 60_000, 30);
      // Each session's summary names the previous session's leaf (the CLI 1.x layout after a resume).
      if (leaf) w.lines.unshift(JSON.stringify({ type: 'summary', summary: `About ${ids.at(-1)}`, leafUuid: leaf }));
      leaf = w.parent ?? '';
      ids.push(w.sessionId);
      fs.mkdirSync(path.join(projects, `-p${i % 3}`), { recursive: true });
      // Without the generator's occasional custom titles, which would (rightly) take precedence.
      const lines = w.lines.filter((line) => !line.startsWith('{"type":"custom-title"'));
      fs.writeFileSync(path.join(projects, `-p${i % 3}`, `${w.sessionId}.jsonl`), `${lines.join('\n')}\n`);
    }
    const indexWith = async (readers: IndexPool) => {
      const logger = pino({ level: 'silent' });
      const db = openDatabase(':memory:', logger);
      const store = createIndexStore(db);
      await createSessionIndexer({ store, links: createSummaryLinks(db), pool: readers, projectsDir: projects, logger, shouldStop: () => false }).syncAll();
      return ids.map((id) => store.metaOf(id));
    };
    const viaWorkers = await indexWith(pool);
    const inThread = await indexWith(inThreadPool());
    expect(inThread.filter((meta) => meta === undefined)).toHaveLength(0);
    expect(viaWorkers).toEqual(inThread);
    expect(viaWorkers.slice(0, -1).map((meta) => meta?.summary)).toEqual(ids.slice(0, -1).map((id) => `About ${id}`));
  });
});

describe('workersPayOff', () => {
  it('starts index workers on 4 cores or more, and reads in-thread on fewer', () => {
    expect([1, 2, 3, 4, 8].map((cores) => workersPayOff(cores))).toEqual([false, false, false, true, true]);
  });
});
