import { describe, expect, it } from 'vitest';
import type { ConversationListQuery, ConversationListResponse, ConversationSummary } from '@cui/contract';
import { listDuringSweep, settledAnswer, type SweepProgress } from './early-list';

function row(n: number, options: { pinned?: boolean } = {}): ConversationSummary {
  const time = new Date(Date.parse('2026-01-01T00:00:00.000Z') - n * 60_000).toISOString();
  return {
    sessionId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`, summary: `s${n}`, createdAt: time, updatedAt: time, projectPath: '/p',
    status: 'completed', messageCount: 2, toolMetrics: { editCount: 0, writeCount: 0, linesAdded: 0, linesRemoved: 0 },
    sessionInfo: { custom_name: '', pinned: options.pinned ?? false, archived: false, continuation_session_id: '', initial_commit_head: '', permission_mode: 'default', notify: true },
  };
}

const page = (count: number, pinned = false): ConversationListResponse => ({ conversations: Array.from({ length: count }, (_, n) => row(n, { pinned })), total: 40 });
/** Just before the last row of a 2-row page: every unread file is older than it. */
const BOUND = Date.parse('2026-01-01T00:00:00.000Z') - 60_000 - 1;
const query: ConversationListQuery = { limit: 2, sortBy: 'updated', order: 'desc' };

describe('settledAnswer', () => {
  it('answers a full descending page whose last row is newer than every unread file, total counting the unread', () => {
    expect(settledAnswer(query, () => page(2), { bound: BOUND, pending: 7 }, () => false)).toEqual({ ...page(2), total: 47, indexing: true });
    expect(settledAnswer({ ...query, sortBy: 'created', archived: false }, () => page(2), { bound: BOUND, pending: 0 }, () => false)).toMatchObject({ indexing: true });
  });

  it('waits for a page that is short, ascending, at or behind the bound, or read outside a sweep', () => {
    expect(settledAnswer(query, () => page(1), { bound: -Infinity, pending: 1 }, () => false)).toBeUndefined();
    expect(settledAnswer({ ...query, order: 'asc' }, () => page(2), { bound: -Infinity, pending: 1 }, () => false)).toBeUndefined();
    expect(settledAnswer(query, () => page(2), { bound: BOUND + 1, pending: 1 }, () => false)).toBeUndefined();
    expect(settledAnswer(query, () => page(2), undefined, () => false)).toBeUndefined();
  });

  it("answers one session's own row once it is saved, and waits while it is not", () => {
    const one = { sessionId: row(0).sessionId };
    expect(settledAnswer(one, () => ({ conversations: [row(0)], total: 1 }), { bound: Infinity, pending: 9 }, () => true)).toEqual({ conversations: [row(0)], total: 1, indexing: true });
    expect(settledAnswer(one, () => ({ conversations: [], total: 0 }), { bound: BOUND, pending: 9 }, () => false)).toBeUndefined();
  });

  it('runs no query while nothing can be proven (ascending, or a file dated after its mtime seen)', () => {
    const answer = (): ConversationListResponse => {
      throw new Error('queried');
    };
    expect(settledAnswer({ ...query, order: 'asc' }, answer, { bound: -Infinity, pending: 1 }, () => false)).toBeUndefined();
    expect(settledAnswer(query, answer, { bound: Infinity, pending: 1 }, () => false)).toBeUndefined();
  });

  it('with pinned first, waits while an unpinned page may still be passed by a pinned session not read yet', () => {
    const pinnedFirst = { ...query, pinnedFirst: true };
    expect(settledAnswer(pinnedFirst, () => page(2), { bound: BOUND, pending: 1 }, () => true)).toBeUndefined();
    expect(settledAnswer(pinnedFirst, () => page(2), { bound: BOUND, pending: 1 }, () => false)).toMatchObject({ indexing: true });
    expect(settledAnswer(pinnedFirst, () => page(2, true), { bound: BOUND, pending: 1 }, () => true)).toMatchObject({ indexing: true });
  });
});

describe('listDuringSweep', () => {
  it('answers when the progress settles the page, re-checking at each progress event', async () => {
    let progress: SweepProgress = { bound: Infinity, pending: 3 };
    const listeners = new Set<() => void>();
    const answered = listDuringSweep({
      progress: () => progress,
      onProgress: (listener) => (listeners.add(listener), () => listeners.delete(listener)),
      answer: () => page(2), pinnedNotIndexed: () => false, done: new Promise(() => undefined),
    }, query);
    let result: ConversationListResponse | undefined;
    void answered.then((r) => (result = r));
    for (const listener of listeners) listener();
    await Promise.resolve();
    expect(result).toBeUndefined();
    progress = { bound: BOUND, pending: 1 };
    for (const listener of listeners) listener();
    expect(await answered).toEqual({ ...page(2), total: 41, indexing: true });
    expect(listeners.size).toBe(0);
  });

  it('answers from the finished index when the page never settles', async () => {
    const listeners = new Set<() => void>();
    const response = await listDuringSweep({
      progress: () => undefined, onProgress: (listener) => (listeners.add(listener), () => listeners.delete(listener)),
      answer: () => page(1), pinnedNotIndexed: () => false, done: Promise.resolve(),
    }, query);
    expect(response).toEqual(page(1));
    expect(listeners.size).toBe(0);
  });
});
