import { StreamEvent } from '@cui/contract';
import { describe, expect, it } from 'vitest';
import { createRunEventLog, type EventLogSubscriber } from './event-log';

const fixedNow = () => new Date('2026-11-22T00:00:00.000Z');

function collector(): EventLogSubscriber & { lines: string[]; ended: number; events: () => StreamEvent[] } {
  const lines: string[] = [];
  const c = {
    lines,
    ended: 0,
    line: (line: string) => void lines.push(line),
    end: () => void (c.ended += 1),
    events: () => lines.map((line) => StreamEvent.parse(JSON.parse(line))),
  };
  return c;
}

const error = (n: number) => ({ type: 'error' as const, error: `e${n}` });

describe('run event log', () => {
  it('stamps consecutive seq numbers and a timestamp, keeping one the CLI gave', () => {
    const log = createRunEventLog({ now: fixedNow });
    expect(log.append(error(0))).toEqual({ type: 'error', error: 'e0', seq: 0, timestamp: '2026-11-22T00:00:00.000Z' });
    expect(log.append({ ...error(1), timestamp: '2020-01-01T00:00:00.000Z' })).toMatchObject({ seq: 1, timestamp: '2020-01-01T00:00:00.000Z' });
    expect(log.nextSeq()).toBe(2);
  });

  it('writes each event as one NDJSON line ending in a newline', () => {
    const log = createRunEventLog({ now: fixedNow });
    const viewer = collector();
    log.subscribe(0, viewer);
    log.append({ type: 'error', error: 'two\nlines' });
    expect(viewer.lines).toHaveLength(1);
    expect(viewer.lines[0]!.endsWith('\n')).toBe(true);
    expect(viewer.lines[0]!.slice(0, -1)).not.toContain('\n');
  });

  it('replays kept events to a late subscriber, then delivers live ones without gap or duplicate', () => {
    const log = createRunEventLog();
    log.append(error(0));
    log.append(error(1));
    const early = collector();
    log.subscribe(0, early);
    log.append(error(2));
    const late = collector();
    log.subscribe(0, late);
    log.append(error(3));
    expect(early.events().map((e) => e.seq)).toEqual([0, 1, 2, 3]);
    expect(late.lines).toEqual(early.lines);
  });

  it('replays from a given seq', () => {
    const log = createRunEventLog();
    for (let n = 0; n < 5; n++) log.append(error(n));
    const viewer = collector();
    log.subscribe(3, viewer);
    expect(viewer.events().map((e) => e.seq)).toEqual([3, 4]);
  });

  it('ends current subscribers on close, and replays then ends at once for later ones', () => {
    const log = createRunEventLog();
    const live = collector();
    log.subscribe(0, live);
    log.append(error(0));
    log.close();
    log.close();
    expect(live.ended).toBe(1);
    const after = collector();
    log.subscribe(0, after);
    expect(after.lines).toEqual(live.lines);
    expect(after.ended).toBe(1);
    expect(() => log.append(error(1))).toThrow(/closed/);
  });

  it('stops delivering to an unsubscribed viewer', () => {
    const log = createRunEventLog();
    const viewer = collector();
    const unsubscribe = log.subscribe(0, viewer);
    log.append(error(0));
    unsubscribe();
    log.append(error(1));
    log.close();
    expect(viewer.lines).toHaveLength(1);
    expect(viewer.ended).toBe(0);
  });

  it('drops a subscriber that throws without affecting the others', () => {
    const log = createRunEventLog();
    const broken: EventLogSubscriber = {
      line: () => {
        throw new Error('socket gone');
      },
      end: () => undefined,
    };
    const healthy = collector();
    log.subscribe(0, broken);
    log.subscribe(0, healthy);
    log.append(error(0));
    log.append(error(1));
    expect(healthy.lines).toHaveLength(2);
  });

  it('drops the oldest events beyond the size ceiling but keeps the newest', () => {
    const log = createRunEventLog({ maxBytes: 200 });
    for (let n = 0; n < 20; n++) log.append({ type: 'error', error: 'x'.repeat(40) + n });
    const kept = log.events();
    expect(kept.length).toBeLessThan(20);
    expect(kept.at(-1)?.seq).toBe(19);
    const viewer = collector();
    log.subscribe(0, viewer);
    expect(viewer.events()[0]?.seq).toBe(kept[0]?.seq);
    const huge = createRunEventLog({ maxBytes: 10 });
    huge.append({ type: 'error', error: 'much longer than ten bytes' });
    expect(huge.events()).toHaveLength(1);
  });
});
