import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import type { SearchQuery } from '@cui/contract';
import { openDatabase } from '../../platform/db';
import { createIndexStore, createSessionIndexer, createSummaryLinks, inThreadPool } from '../transcript-index/index';
import { createSearchSessions, createSearchTextWriter } from './search-store';
import { yieldToEventLoop, type TimeBox } from '../../platform/time-box';

/** Test helpers of the search tests: transcript lines and an in-memory index over a temporary projects directory. */
export const A = '11111111-1111-4111-8111-111111111111';
export const B = '22222222-2222-4222-8222-222222222222';
let seq = 0;
export const uuid = (): string => `00000000-0000-4000-8000-${String(++seq).padStart(12, '0')}`;
export const user = (sessionId: string, content: unknown, id = uuid()) => ({ parentUuid: null, isSidechain: false, type: 'user', message: { role: 'user', content }, uuid: id, timestamp: '2026-01-02T00:00:00.000Z', cwd: '/w', sessionId });
export const assistant = (sessionId: string, text: string, id = uuid()) => ({ parentUuid: null, isSidechain: false, type: 'assistant', message: { role: 'assistant', model: 'm', content: [{ type: 'text', text }] }, uuid: id, timestamp: '2026-01-02T00:00:01.000Z', cwd: '/w', sessionId });
export const toolResult = (sessionId: string, content: string) => user(sessionId, [{ type: 'tool_result', tool_use_id: 'toolu_1', content }]);

/** A time box spent by every step: each catch-up call adds one step's rows. */
export const oneStepEach: TimeBox = { budgetMs: 0, now: () => 0, between: yieldToEventLoop };

export function harness() {
  const projects = fs.mkdtempSync(path.join(os.tmpdir(), 'cui-search-'));
  const logger = pino({ level: 'silent' });
  const db = openDatabase(':memory:', logger);
  const indexer = createSessionIndexer({ store: createIndexStore(db), links: createSummaryLinks(db), pool: inThreadPool(), projectsDir: projects, logger, shouldStop: () => false });
  const search = createSearchSessions(db);
  const writer = createSearchTextWriter(db);
  /** As the session index does after each sync: the FTS index catches up (in small slices here, to cross them). */
  const catchUp = (): void => {
    while (writer.catchUp(oneStepEach, 1));
  };
  const fileOf = (sessionId: string): string => path.join(projects, '-w', `${sessionId}.jsonl`);
  const rows = db.prepare('SELECT COUNT(*) FROM session_text').pluck();
  const lastId = db.prepare('SELECT COALESCE(MAX(id), 0) FROM session_text').pluck();
  return {
    db,
    fileOf,
    append(sessionId: string, lines: object[]): void {
      fs.mkdirSync(path.dirname(fileOf(sessionId)), { recursive: true });
      fs.appendFileSync(fileOf(sessionId), lines.map((l) => `${JSON.stringify(l)}\n`).join(''));
    },
    sync: async () => {
      await indexer.syncAll();
      catchUp();
    },
    /** A sync whose text has not reached the FTS index yet. */
    syncOnly: () => indexer.syncAll(),
    catchUp,
    search: (q: string, extra: Partial<SearchQuery> = {}) => search({ q, ...extra }),
    /** Session ids found for q. */
    found: (q: string) => search({ q }).results.map((r) => r.sessionId),
    rows: () => rows.get() as number,
    lastId: () => lastId.get() as number,
  };
}
