import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createRandom } from '../../../../bench/corpus-lines';
import { generateSession } from '../../../../bench/generate-corpus';
import { createGatedIndexPool } from '../../../test/gated-index-pool';
import { openDatabase } from '../../platform/db';
import { inThreadPool } from './index-pool';
import { createIndexStore, type IndexStore } from './index-store';
import { createSessionIndexer } from './session-indexer';
import { createSummaryLinks } from './summary-links';
import { yieldToEventLoop, type TimeBox } from '../../platform/time-box';

let projects = '';
afterEach(() => fs.rmSync(projects, { recursive: true, force: true }));

/** `count` transcripts, each with the mtime its CLI would have left (just after its last line), returned newest first. */
function writeCorpus(count: number): { filePath: string; mtimeMs: number }[] {
  projects = fs.mkdtempSync(path.join(os.tmpdir(), 'cui-frontier-'));
  const rand = createRandom(3);
  const files: { filePath: string; mtimeMs: number }[] = [];
  for (let i = 0; i < count; i++) {
    const w = generateSession(rand, `/home/dev/p${i % 2}`, Date.parse('2026-02-01T00:00:00Z') + i * 3_600_000, 6);
    const dir = path.join(projects, `-p${i % 2}`);
    fs.mkdirSync(dir, { recursive: true });
    const filePath = path.join(dir, `${w.sessionId}.jsonl`);
    fs.writeFileSync(filePath, `${w.lines.join('\n')}\n`);
    const mtimeMs = w.clock + 1000;
    fs.utimesSync(filePath, mtimeMs / 1000, mtimeMs / 1000);
    files.push({ filePath, mtimeMs: fs.statSync(filePath).mtimeMs });
  }
  return files.sort((a, b) => b.mtimeMs - a.mtimeMs);
}

function setUp(readers: ReturnType<typeof createGatedIndexPool>, shouldStop = () => false) {
  const logger = pino({ level: 'silent' });
  const db = openDatabase(':memory:', logger);
  const store = createIndexStore(db);
  const indexer = createSessionIndexer({ store, links: createSummaryLinks(db), pool: readers.pool, projectsDir: projects, logger, shouldStop });
  const saved = (filePath: string): boolean => store.positionOf(filePath) !== undefined;
  return { indexer, saved };
}

describe('session indexer progress', () => {
  it('bounds every file not saved yet at each step of a sweep, whatever order its lanes finish in', async () => {
    const files = writeCorpus(60);
    const gate = createGatedIndexPool({ parallelism: 2 });
    const { indexer, saved } = setUp(gate);
    const steps: { bound: number; pending: number; unsaved: number[] }[] = [];
    indexer.onProgress(() => {
      const progress = indexer.progress();
      if (progress) steps.push({ ...progress, unsaved: files.filter((f) => !saved(f.filePath)).map((f) => f.mtimeMs) });
    });
    const sweep = indexer.syncAll();
    await gate.whenWaiting(4);
    expect(indexer.progress()).toEqual({ bound: files[0]?.mtimeMs, pending: 60 });
    gate.allow(30);
    // 4 lanes: reads 31 to 34 wait at the gate, after the first batch of 25 was saved.
    await gate.whenWaiting(4);
    expect(steps.length).toBeGreaterThan(0);
    const held = indexer.progress();
    expect(held?.bound).toBeLessThan(files[0]?.mtimeMs ?? 0);
    expect(held?.bound).toBeGreaterThanOrEqual(files[29]?.mtimeMs ?? 0);
    gate.allow(Infinity);
    await sweep;
    for (const step of steps) for (const mtime of step.unsaved) expect(mtime).toBeLessThanOrEqual(step.bound);
    expect(steps.at(-1)).toMatchObject({ bound: -Infinity, pending: 0, unsaved: [] });
    expect(indexer.progress()).toBeUndefined();
  });

  it('does not hold the bound at a file that cannot be read', async () => {
    const files = writeCorpus(30);
    const gate = createGatedIndexPool({ parallelism: 2 });
    const { indexer, saved } = setUp(gate);
    gate.failReads([files[0]?.filePath ?? '']);
    const sweep = indexer.syncAll();
    gate.allow(26);
    await gate.whenWaiting(4);
    // The newest file failed; the next 25 were saved: the bound is the 27th newest file's mtime.
    expect(saved(files[0]?.filePath ?? '')).toBe(false);
    expect(indexer.progress()).toEqual({ bound: files[26]?.mtimeMs, pending: 4 });
    gate.allow(Infinity);
    await sweep;
  });

  it('ends a sweep asked to stop with the files read so far saved and no progress left', async () => {
    const files = writeCorpus(30);
    const gate = createGatedIndexPool({ parallelism: 2 });
    let stop = false;
    const { indexer, saved } = setUp(gate, () => stop);
    const sweep = indexer.syncAll();
    gate.allow(4);
    await gate.whenWaiting(4);
    stop = true;
    gate.allow(Infinity);
    await sweep;
    expect(indexer.progress()).toBeUndefined();
    expect(files.filter((f) => saved(f.filePath)).length).toBeLessThan(30);
    expect(files.slice(0, 4).every((f) => saved(f.filePath))).toBe(true);
  });
});

describe('session indexer save slices', () => {
  /** Every row a sweep leaves that a list or a search reads, in a stable order. */
  const contents = (db: ReturnType<typeof openDatabase>) => ({
    sessions: db.prepare('SELECT session_id, file_offset, summary, message_count, updated_at FROM session_index ORDER BY session_id').all(),
    texts: db.prepare('SELECT session_id, uuid, role, body FROM session_text ORDER BY session_id, id').all(),
    uuids: db.prepare('SELECT file_path, length(prefixes) AS bytes FROM transcript_uuids ORDER BY file_path').all(),
  });

  async function sweepWith(timeBox: TimeBox | undefined, onSlice?: (from: number, end: number) => void) {
    const logger = pino({ level: 'silent' });
    const db = openDatabase(':memory:', logger);
    const inner = createIndexStore(db);
    const store: IndexStore = { ...inner, saveSlice: (files, from, box) => {
      const saved = inner.saveSlice(files, from, box);
      onSlice?.(from, saved.end);
      return saved;
    } };
    const indexer = createSessionIndexer({ store, links: createSummaryLinks(db), pool: inThreadPool(), projectsDir: projects, logger, shouldStop: () => false, ...(timeBox ? { timeBox } : {}) });
    await indexer.syncAll();
    return contents(db);
  }

  it('saves one file per transaction when each spends the time box, and loses or repeats nothing', async () => {
    writeCorpus(60);
    const whole = await sweepWith({ budgetMs: Infinity, now: () => 0, between: yieldToEventLoop });
    let clock = 0;
    const slices: [number, number][] = [];
    const sliced = await sweepWith({ budgetMs: 1, now: () => (clock += 1), between: yieldToEventLoop }, (from, end) => slices.push([from, end]));
    expect(slices.length).toBe(60);
    for (const [from, end] of slices) expect(end).toBe(from + 1);
    expect(whole.sessions).toHaveLength(60);
    expect(whole.texts.length).toBeGreaterThan(60);
    expect(sliced).toEqual(whole);
  });
});
