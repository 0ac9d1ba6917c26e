import { describe, expect, it } from 'vitest';
import {
  FIRST_PAGE_SIZE, initialSessionListState, LOAD_ERROR, LOAD_MORE_ERROR, replaceLimit, sessionListReducer, visibleSessions,
  type SessionListState,
} from './session-list-state';
import { makeRow } from './test-rows';

const rows = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => makeRow(`s${from + i}`, { updatedAt: new Date(Date.UTC(2026, 0, 1) - (from + i) * 60_000).toISOString() }));

function loaded(state: SessionListState, mode: 'replace' | 'append', page: ReturnType<typeof rows>, limit: number) {
  return sessionListReducer(state, { type: 'loaded', mode, page, limit });
}

describe('sessionListReducer paging', () => {
  it('keeps loading while a full page returns and stops at a short page', () => {
    let state = loaded(initialSessionListState, 'replace', rows(0, 20), 20);
    expect(state).toMatchObject({ fetched: 20, hasMore: true, loading: null });
    state = loaded(state, 'append', rows(20, 40), 40);
    expect(state).toMatchObject({ fetched: 60, hasMore: true });
    state = loaded(state, 'append', rows(60, 7), 40);
    expect(state).toMatchObject({ fetched: 67, hasMore: false });
    expect(state.items).toHaveLength(67);
  });

  it('removes duplicates by sessionId while the offset counts every fetched row', () => {
    let state = loaded(initialSessionListState, 'replace', rows(0, 20), 20);
    // The list shifted by two between calls: the next page starts with two rows already shown.
    state = loaded(state, 'append', rows(18, 40), 40);
    expect(state.items.map((r) => r.sessionId)).toEqual(rows(0, 58).map((r) => r.sessionId));
    expect(state.fetched).toBe(60);
  });

  it('reloads with the count already loaded, never less than the first page', () => {
    let state = loaded(initialSessionListState, 'replace', rows(0, 20), 20);
    expect(replaceLimit(state)).toBe(FIRST_PAGE_SIZE);
    state = loaded(state, 'append', rows(20, 40), 40);
    expect(replaceLimit(state)).toBe(60);
    state = loaded(state, 'replace', rows(0, 60), 60);
    expect(state.items).toHaveLength(60);
    expect(state.hasMore).toBe(true);
  });

  it('reports the spec error texts for first and further pages', () => {
    expect(sessionListReducer(initialSessionListState, { type: 'failed', mode: 'replace' }).error).toBe(LOAD_ERROR);
    expect(sessionListReducer(initialSessionListState, { type: 'failed', mode: 'append' }).error).toBe(LOAD_MORE_ERROR);
  });
});

describe('visibleSessions', () => {
  it('puts pinned rows first, then the latest update first', () => {
    const state = loaded(
      initialSessionListState,
      'replace',
      [
        makeRow('old', { updatedAt: '2026-01-01T00:00:00Z' }),
        makeRow('new', { updatedAt: '2026-01-03T00:00:00Z' }),
        makeRow('pinned-old', { updatedAt: '2025-06-01T00:00:00Z', sessionInfo: { ...makeRow('x').sessionInfo, pinned: true } }),
        makeRow('mid', { updatedAt: '2026-01-02T00:00:00Z' }),
      ],
      20,
    );
    expect(visibleSessions(state).map((r) => r.sessionId)).toEqual(['pinned-old', 'new', 'mid', 'old']);
  });

  it('pinning through a patch moves a row to the top', () => {
    let state = loaded(initialSessionListState, 'replace', rows(0, 5), 20);
    state = sessionListReducer(state, { type: 'patch', sessionId: 's4', changes: {}, info: { pinned: true } });
    expect(visibleSessions(state)[0]?.sessionId).toBe('s4');
  });

  it('hides a row at once and restores it on unhide, and drops it for good on remove', () => {
    let state = loaded(initialSessionListState, 'replace', rows(0, 3), 20);
    state = sessionListReducer(state, { type: 'hide', sessionId: 's1' });
    expect(visibleSessions(state).map((r) => r.sessionId)).toEqual(['s0', 's2']);
    const restored = sessionListReducer(state, { type: 'unhide', sessionId: 's1' });
    expect(visibleSessions(restored).map((r) => r.sessionId)).toEqual(['s0', 's1', 's2']);
    const removed = sessionListReducer(state, { type: 'remove', sessionId: 's1' });
    expect(removed.items.map((r) => r.sessionId)).toEqual(['s0', 's2']);
    expect(removed.hidden).toEqual([]);
  });
});

describe('sessionListReducer provisional pages', () => {
  it('holds the list provisional while any loaded page was answered during the first index, until a final reload', () => {
    let state = sessionListReducer(initialSessionListState, { type: 'loaded', mode: 'replace', page: rows(0, 20), limit: 20, provisional: true });
    expect(state.provisional).toBe(true);
    state = loaded(state, 'append', rows(20, 20), 20);
    expect(state.provisional).toBe(true);
    state = loaded(state, 'replace', rows(0, 40), 40);
    expect(state.provisional).toBe(false);
    state = sessionListReducer(state, { type: 'loaded', mode: 'append', page: rows(40, 5), limit: 20, provisional: true });
    expect(state.provisional).toBe(true);
  });
});
