import { describe, expect, it } from 'vitest';
import { createSweepFrontier, isCanonicalTime, pageIsSettled } from './sweep-frontier';

const T = (iso: string): number => Date.parse(iso);

describe('sweep frontier', () => {
  it('bounds by the newest file not settled, following only the contiguous settled prefix when lanes finish out of order', () => {
    const frontier = createSweepFrontier([500, 400, 300, 200, 100]);
    expect(frontier.bound()).toBe(500);
    frontier.settle([1, 3]);
    expect(frontier.bound()).toBe(500);
    expect(frontier.pending()).toBe(3);
    frontier.settle([0]);
    expect(frontier.bound()).toBe(300);
    frontier.settle([2]);
    expect(frontier.bound()).toBe(100);
    frontier.settle([4]);
    expect(frontier.bound()).toBe(-Infinity);
    expect(frontier.pending()).toBe(0);
  });

  it('keeps the bound at a shared mtime until every file with that mtime is settled', () => {
    const frontier = createSweepFrontier([300, 300, 300, 100]);
    frontier.settle([0, 2]);
    expect(frontier.bound()).toBe(300);
    frontier.settle([1]);
    expect(frontier.bound()).toBe(100);
  });

  it('counts a position settled twice (or out of range) once', () => {
    const frontier = createSweepFrontier([2, 1]);
    frontier.settle([0, 0, 7, -1]);
    expect(frontier.pending()).toBe(1);
    expect(frontier.bound()).toBe(1);
  });

  it('has nothing to bound for an empty sweep', () => {
    expect(createSweepFrontier([]).bound()).toBe(-Infinity);
  });

  it('proves nothing for the rest of the sweep once a file shows a time later than its mtime or a time in another form', () => {
    const skewed = createSweepFrontier([T('2026-01-02T00:00:00.000Z'), 1]);
    skewed.observe({ mtimeMs: T('2026-01-02T00:00:00.000Z'), times: ['2026-01-01T00:00:00.000Z', '2026-01-02T00:00:00.000Z'] });
    expect(skewed.bound()).toBe(T('2026-01-02T00:00:00.000Z'));
    skewed.observe({ mtimeMs: T('2026-01-02T00:00:00.000Z'), times: ['2026-01-01T00:00:00.000Z', '2026-01-02T00:00:00.001Z'] });
    expect(skewed.bound()).toBe(Infinity);
    skewed.settle([0, 1]);
    expect(skewed.bound()).toBe(Infinity);

    const odd = createSweepFrontier([T('2026-01-02T00:00:00.000Z')]);
    odd.observe({ mtimeMs: T('2026-01-02T00:00:00.000Z'), times: ['2026-01-01T00:00:00Z'] });
    expect(odd.bound()).toBe(Infinity);
  });

  it('ignores the empty times of a transcript without timestamps (dated by its mtime)', () => {
    const frontier = createSweepFrontier([5]);
    frontier.observe({ mtimeMs: 5, times: ['', ''] });
    expect(frontier.bound()).toBe(5);
  });
});

describe('settled page', () => {
  const page = { rows: 20, limit: 20, lastSortTime: '2026-01-01T00:00:01.000Z' };

  it('is settled when full and its last row sorts strictly after the bound', () => {
    expect(pageIsSettled({ ...page, bound: T('2026-01-01T00:00:00.999Z') })).toBe(true);
    expect(pageIsSettled({ ...page, bound: -Infinity })).toBe(true);
  });

  it('is not settled when a file not saved yet may share or pass its last sort time', () => {
    expect(pageIsSettled({ ...page, bound: T('2026-01-01T00:00:01.000Z') })).toBe(false);
    expect(pageIsSettled({ ...page, bound: T('2026-01-01T00:00:01.000Z') + 0.5 })).toBe(false);
    expect(pageIsSettled({ ...page, bound: Infinity })).toBe(false);
  });

  it('is not settled when short, empty or dated in a non-canonical form', () => {
    expect(pageIsSettled({ ...page, rows: 19, bound: -Infinity })).toBe(false);
    expect(pageIsSettled({ rows: 0, limit: 0, lastSortTime: undefined, bound: -Infinity })).toBe(false);
    expect(pageIsSettled({ ...page, lastSortTime: '2026-01-01T00:00:01Z', bound: 0 })).toBe(false);
  });

  it('recognises only the canonical ISO form', () => {
    expect(isCanonicalTime('2026-01-01T00:00:01.000Z')).toBe(true);
    expect(isCanonicalTime('2026-01-01T00:00:01Z')).toBe(false);
    expect(isCanonicalTime('2026-01-01T01:00:01.000+01:00')).toBe(false);
    expect(isCanonicalTime('yesterday')).toBe(false);
  });
});
