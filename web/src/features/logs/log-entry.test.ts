import { describe, expect, it } from 'vitest';
import { formatLogTime, levelClasses, levelLabel, matchesFilter, parseLogEntry } from './log-entry';

describe('levelLabel', () => {
  it.each([
    [10, 'trace'], [20, 'debug'], [30, 'info'], [40, 'warn'], [50, 'error'], [60, 'fatal'],
  ])('maps pino level %i to %s', (level, label) => {
    expect(levelLabel(level)).toBe(label);
  });

  it('keeps string levels (lower-cased) and shows unknown numbers as they are', () => {
    expect(levelLabel('WARN')).toBe('warn');
    expect(levelLabel(35)).toBe('35');
  });
});

describe('parseLogEntry', () => {
  it('prints numbers rounded, small ones to two significant digits (issue 16.9)', () => {
    const raw = JSON.stringify({ level: 30, msg: 'request completed', responseTime: 0.37304299999959767, tiny: 0.000123456, big: 1234.5678, count: 812 });
    const entry = parseLogEntry(raw);
    expect(entry.kind === 'json' && entry.extras).toEqual([['responseTime', '0.37'], ['tiny', '0.00012'], ['big', '1234.57'], ['count', '812']]);
  });

  it('splits a pino JSON line into time, level, component, message, request id and extras', () => {
    const time = new Date(2026, 10, 22, 9, 5, 7, 42).getTime();
    const raw = JSON.stringify({ level: 40, time, pid: 1, hostname: 'h', component: 'runs', requestId: 'req-7', msg: 'slow', durationMs: 812, meta: { a: 1 } });
    expect(parseLogEntry(raw)).toEqual({
      kind: 'json',
      time: '09:05:07.042',
      level: 'warn',
      component: 'runs',
      message: 'slow',
      requestId: 'req-7',
      extras: [['durationMs', '812'], ['meta', '{"a":1}']],
    });
  });

  it('treats text and non-object JSON as raw', () => {
    expect(parseLogEntry('plain text line')).toEqual({ kind: 'raw', text: 'plain text line' });
    expect(parseLogEntry('[1,2]')).toEqual({ kind: 'raw', text: '[1,2]' });
    expect(parseLogEntry('42')).toEqual({ kind: 'raw', text: '42' });
  });

  it('shows an unparseable time string as it is', () => {
    expect(formatLogTime('yesterday')).toBe('yesterday');
  });
});

describe('levelClasses', () => {
  it('colours debug, info, warn, error and fatal differently', () => {
    const classes = ['debug', 'info', 'warn', 'error', 'fatal'].map(levelClasses);
    expect(new Set(classes).size).toBe(5);
    expect(levelClasses('error')).toContain('text-red-');
    expect(levelClasses('warn')).toContain('text-amber-');
  });
});

describe('matchesFilter', () => {
  it('is a case-insensitive substring match on the raw entry', () => {
    expect(matchesFilter('{"msg":"Run Started"}', 'run started')).toBe(true);
    expect(matchesFilter('{"msg":"Run Started"}', '"MSG"')).toBe(true);
    expect(matchesFilter('{"msg":"Run Started"}', 'stopped')).toBe(false);
    expect(matchesFilter('anything', '')).toBe(true);
  });
});
