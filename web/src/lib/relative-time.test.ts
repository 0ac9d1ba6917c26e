import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './relative-time';

const NOW = Date.parse('2026-01-10T12:00:00.000Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const MIN = 60_000;

describe('formatRelativeTime', () => {
  it('reads under one minute as Just now', () => {
    expect(formatRelativeTime(ago(0), NOW)).toBe('Just now');
    expect(formatRelativeTime(ago(59_999), NOW)).toBe('Just now');
  });

  it('counts whole minutes below an hour', () => {
    expect(formatRelativeTime(ago(MIN), NOW)).toBe('1m ago');
    expect(formatRelativeTime(ago(59 * MIN + 59_000), NOW)).toBe('59m ago');
  });

  it('counts whole hours below 1440 minutes', () => {
    expect(formatRelativeTime(ago(60 * MIN), NOW)).toBe('1h ago');
    expect(formatRelativeTime(ago(1439 * MIN), NOW)).toBe('23h ago');
  });

  it('counts whole days from 1440 minutes on', () => {
    expect(formatRelativeTime(ago(1440 * MIN), NOW)).toBe('1d ago');
    expect(formatRelativeTime(ago(45 * 1440 * MIN), NOW)).toBe('45d ago');
  });

  it('reads future and invalid timestamps as Just now', () => {
    expect(formatRelativeTime(ago(-5 * MIN), NOW)).toBe('Just now');
    expect(formatRelativeTime('not a date', NOW)).toBe('Just now');
  });
});
