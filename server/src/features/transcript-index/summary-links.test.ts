import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../platform/db';
import { inThreadPool } from './index-pool';
import { createIndexStore } from './index-store';
import { createSessionIndexer } from './session-indexer';
import { createSummaryLinks, uuidKeys } from './summary-links';
import { yieldToEventLoop, type TimeBox } from '../../platform/time-box';

const FIXTURES = fileURLToPath(new URL('../../cli/transcript/fixtures/', import.meta.url));
/** Recorded from CLI 2.1.330: a fix session, resumed; no summary lines (that CLI writes none). */
const NEW_CLI = { id: 'f5e5690f-09dc-4067-859b-1172c39a0d71', file: 'transcript-after-resume.jsonl', leaf: 'bee84a30-548d-46af-a88d-970b56081b67' };
/** CLI 1.x layout: A opens with /clear's caveat, command and output lines; B holds summary lines, one for A's leaf. */
const CLEAR = { id: '7d3c1a52-4b1e-4f0a-9c55-2f1a8e6b0c11', file: 'cli-1x-clear-7d3c1a52-4b1e-4f0a-9c55-2f1a8e6b0c11.jsonl' };
const SUMMARIES = { id: 'c41e9b07-88a2-4d6f-b1e3-5a0d2c7f9e22', file: 'cli-1x-summaries-c41e9b07-88a2-4d6f-b1e3-5a0d2c7f9e22.jsonl' };

function harness(box?: TimeBox) {
  const projects = fs.mkdtempSync(path.join(os.tmpdir(), 'cui-links-'));
  const logger = pino({ level: 'silent' });
  const db = openDatabase(':memory:', logger);
  const store = createIndexStore(db);
  const indexer = createSessionIndexer({ store, links: createSummaryLinks(db, box), pool: inThreadPool(), projectsDir: projects, logger, shouldStop: () => false });
  const fileOf = (sessionId: string, project = '-home-dev-parser'): string => path.join(projects, project, `${sessionId}.jsonl`);
  return {
    fileOf,
    /** Copies a fixture in as `<sessionId>.jsonl`. */
    add(fixture: { id: string; file: string }, project?: string): void {
      fs.mkdirSync(path.dirname(fileOf(fixture.id, project)), { recursive: true });
      fs.copyFileSync(path.join(FIXTURES, fixture.file), fileOf(fixture.id, project));
    },
    write(sessionId: string, lines: object[], project?: string): void {
      fs.mkdirSync(path.dirname(fileOf(sessionId, project)), { recursive: true });
      fs.appendFileSync(fileOf(sessionId, project), lines.map((l) => `${JSON.stringify(l)}\n`).join(''));
    },
    sync: () => indexer.syncAll(),
    syncFiles: (files: string[]) => indexer.syncFiles(files),
    title: (sessionId: string) => store.metaOf(sessionId)?.summary,
  };
}

const OTHER = '0b5d7e11-2c3a-4e5f-8a9b-0c1d2e3f4a5b';
const summaryFor = (leafUuid: string, summary: string) => ({ type: 'summary', summary, leafUuid });
const prompt = (sessionId: string, uuid: string, content: string) => ({ parentUuid: null, isSidechain: false, type: 'user', message: { role: 'user', content }, uuid, timestamp: '2026-01-02T00:00:00.000Z', cwd: '/w', sessionId });

describe('titles by the CLI rules', () => {
  it("never takes /clear's caveat, command or output lines as a title: the first real prompt is", async () => {
    const h = harness();
    h.add(CLEAR);
    await h.sync();
    expect(h.title(CLEAR.id)).toBe('The tokenizer breaks on emoji in identifiers, can you fix it?');
  });

  it('titles a session by the summary of its leaf stored in another file, and never by a summary of another session', async () => {
    const h = harness();
    h.add(CLEAR);
    h.add(SUMMARIES);
    await h.sync();
    expect(h.title(CLEAR.id)).toBe('Tokenizer emoji fix with tests');
    expect(h.title(SUMMARIES.id)).toBe('CI cache invalidation');
  });

  it('retitles the right session when a summary arrives later in another file', async () => {
    const h = harness();
    h.add(NEW_CLI);
    h.write(OTHER, [prompt(OTHER, '11111111-0000-4000-8000-000000000001', 'Unrelated work')]);
    await h.sync();
    expect(h.title(NEW_CLI.id)).toBe('fix the file');
    h.write(OTHER, [summaryFor(NEW_CLI.leaf, 'Fixed hello.txt typos')]);
    await h.syncFiles([h.fileOf(OTHER)]);
    expect(h.title(NEW_CLI.id)).toBe('Fixed hello.txt typos');
    expect(h.title(OTHER)).toBe('Unrelated work');
  });

  it('links a summary indexed before the session holding its leaf, in another project directory', async () => {
    const h = harness();
    h.write(OTHER, [summaryFor(NEW_CLI.leaf, 'Fixed hello.txt typos'), prompt(OTHER, '11111111-0000-4000-8000-000000000001', 'Unrelated work')]);
    await h.sync();
    expect(h.title(OTHER)).toBe('Unrelated work');
    h.add(NEW_CLI, '-tmp-example-repo');
    await h.syncFiles([h.fileOf(NEW_CLI.id, '-tmp-example-repo')]);
    expect(h.title(NEW_CLI.id)).toBe('Fixed hello.txt typos');
  });

  it("keeps the CLI's custom title first, and falls back to the first prompt when the summary's file goes", async () => {
    const h = harness();
    h.add(CLEAR);
    h.add(SUMMARIES);
    h.write(SUMMARIES.id, [{ type: 'custom-title', customTitle: 'CI speed-up', sessionId: SUMMARIES.id }]);
    await h.sync();
    expect(h.title(SUMMARIES.id)).toBe('CI speed-up');
    expect(h.title(CLEAR.id)).toBe('Tokenizer emoji fix with tests');
    fs.rmSync(h.fileOf(SUMMARIES.id));
    await h.sync();
    expect(h.title(CLEAR.id)).toBe('The tokenizer breaks on emoji in identifiers, can you fix it?');
  });

  it('uses the summary of the latest leaf when a session has several', async () => {
    const h = harness();
    h.add(CLEAR);
    h.write(OTHER, [
      summaryFor('a0000000-0000-4000-8000-000000000007', 'Latest: emoji fix with tests'),
      summaryFor('a0000000-0000-4000-8000-000000000005', 'Earlier: looking at the tokenizer'),
    ]);
    await h.sync();
    expect(h.title(CLEAR.id)).toBe('Latest: emoji fix with tests');
  });
});

describe('the leaf scan in time-boxed slices', () => {
  it('links leaves found in files scanned in separate slices, in this sweep and in files saved by earlier ones', async () => {
    // Every look at the clock spends the box: each file's keys are scanned in a slice of their own.
    let clock = 0;
    let looks = 0;
    const h = harness({ budgetMs: 1, now: () => ((looks += 1), (clock += 1)), between: yieldToEventLoop });
    h.add(CLEAR);
    h.add(SUMMARIES);
    h.write(OTHER, [prompt(OTHER, '11111111-0000-4000-8000-000000000001', 'Unrelated work')]);
    await h.sync();
    expect(h.title(CLEAR.id)).toBe('Tokenizer emoji fix with tests');
    expect(h.title(SUMMARIES.id)).toBe('CI cache invalidation');
    expect(looks).toBeGreaterThanOrEqual(2 * 3);
    h.add(NEW_CLI, '-tmp-example-repo');
    h.write(OTHER, [summaryFor(NEW_CLI.leaf, 'Fixed hello.txt typos')]);
    await h.sync();
    expect(h.title(NEW_CLI.id)).toBe('Fixed hello.txt typos');
    expect(h.title(OTHER)).toBe('Unrelated work');
    expect(h.title(CLEAR.id)).toBe('Tokenizer emoji fix with tests');
  });
});

describe('a sweep killed before its link pass', () => {
  it('has its titles linked by the first sweep after the restart, though no file changed since', async () => {
    const projects = fs.mkdtempSync(path.join(os.tmpdir(), 'cui-links-'));
    const logger = pino({ level: 'silent' });
    const db = openDatabase(':memory:', logger);
    const store = createIndexStore(db);
    for (const fixture of [CLEAR, SUMMARIES]) {
      fs.mkdirSync(path.join(projects, '-w'), { recursive: true });
      fs.copyFileSync(path.join(FIXTURES, fixture.file), path.join(projects, '-w', `${fixture.id}.jsonl`));
    }
    // The process dies once the files are saved, before the link pass writes anything.
    const killed = { update: () => Promise.reject(new Error('killed')) };
    await expect(createSessionIndexer({ store, links: killed, pool: inThreadPool(), projectsDir: projects, logger, shouldStop: () => false }).syncAll()).rejects.toThrow('killed');
    expect(store.metaOf(CLEAR.id)?.summary).toBe('The tokenizer breaks on emoji in identifiers, can you fix it?');
    const restarted = createSessionIndexer({ store, links: createSummaryLinks(db), pool: inThreadPool(), projectsDir: projects, logger, shouldStop: () => false });
    await restarted.syncAll();
    expect(store.metaOf(CLEAR.id)?.summary).toBe('Tokenizer emoji fix with tests');
    fs.rmSync(projects, { recursive: true, force: true });
  });
});

describe('uuidKeys', () => {
  it('keeps the first and last 8 hex digits of each uuid', () => {
    const keys = uuidKeys(['01234567-89ab-4cde-8f01-23456789abcd']);
    expect(keys.readUInt32LE(0)).toBe(0x01234567);
    expect(keys.readUInt32LE(4)).toBe(0x6789abcd);
  });
});
