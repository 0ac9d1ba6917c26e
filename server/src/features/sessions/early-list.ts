import type { ConversationListQuery, ConversationListResponse } from '@cui/contract';
import { DEFAULT_LIST_LIMIT } from './session-queries';
import { pageIsSettled } from '../transcript-index/index';

/** Where a first sweep stands (SessionIndexer.progress). */
export interface SweepProgress {
  bound: number;
  pending: number;
}

/**
 * The list answer a read during the first sweep may give now, or undefined when it cannot be proven to be the page the
 * finished sweep will give (issue 11 point 5). Proven: a descending page that is full and whose last row sorts after
 * every file not saved yet (`progress.bound`). Filters are predicates on a row, so they keep the proof; `pinnedFirst`
 * keeps it unless a pinned session may still be unread and the page ends with an unpinned row. A `sessionId` read is
 * proven once that session is saved.
 */
export function settledAnswer(
  query: ConversationListQuery,
  answer: () => ConversationListResponse,
  progress: SweepProgress | undefined,
  pinnedNotIndexed: () => boolean,
): ConversationListResponse | undefined {
  if (!progress) return undefined;
  // One session's own row: once saved it is final (a file is read once per sweep), and so is its total.
  if (query.sessionId !== undefined) {
    const own = answer();
    return own.conversations.length === 1 ? { ...own, indexing: true } : undefined;
  }
  // Checked before the query runs: a read waiting for the sweep is re-checked after every saved batch.
  if (query.order === 'asc' || progress.bound === Infinity) return undefined;
  const response = answer();
  const rows = response.conversations;
  const last = rows.at(-1);
  const lastSortTime = last && (query.sortBy === 'created' ? last.createdAt : last.updatedAt);
  if (!pageIsSettled({ rows: rows.length, limit: query.limit ?? DEFAULT_LIST_LIMIT, lastSortTime, bound: progress.bound })) return undefined;
  if (query.pinnedFirst && !last?.sessionInfo.pinned && pinnedNotIndexed()) return undefined;
  return { ...response, total: response.total + progress.pending, indexing: true };
}

export interface EarlyListDeps {
  progress(): SweepProgress | undefined;
  onProgress(listener: () => void): () => void;
  /** The answer from what is saved now. */
  answer(query: ConversationListQuery): ConversationListResponse;
  pinnedNotIndexed(): boolean;
  /** Resolves once the sweep is over: the answer is then the final one. */
  done: Promise<void>;
}

/**
 * Answers a list read during the first sweep as soon as its page is settled (re-checked each time the sweep's
 * progress moves), else once the sweep is over.
 */
export function listDuringSweep(deps: EarlyListDeps, query: ConversationListQuery): Promise<ConversationListResponse> {
  if (query.order === 'asc' && query.sessionId === undefined) return deps.done.then(() => deps.answer(query));
  return new Promise((resolve, reject) => {
    let finished = false;
    let unsubscribe = (): void => undefined;
    const finish = (make: () => ConversationListResponse | undefined): void => {
      if (finished) return;
      try {
        const response = make();
        if (!response) return;
        finished = true;
        unsubscribe();
        resolve(response);
      } catch (error) {
        finished = true;
        unsubscribe();
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    };
    const attempt = (): void => finish(() => settledAnswer(query, () => deps.answer(query), deps.progress(), deps.pinnedNotIndexed));
    unsubscribe = deps.onProgress(attempt);
    deps.done.then(() => finish(() => deps.answer(query)), reject);
    attempt();
  });
}
