import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newestTailTime, newestTailTimes, TAIL_BYTES } from './tail-dates';

let dir = '';
beforeEach(() => void (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cui-tail-'))));
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

function write(name: string, lines: object[], extra = ''): { filePath: string; size: number } {
  const filePath = path.join(dir, name);
  fs.writeFileSync(filePath, lines.map((l) => `${JSON.stringify(l)}\n`).join('') + extra);
  return { filePath, size: fs.statSync(filePath).size };
}

describe('newestTailTime', () => {
  it('is the newest time of the last lines, whatever a message quotes', async () => {
    const file = write('a.jsonl', [
      { type: 'user', timestamp: '2026-01-02T00:00:00.000Z', message: { content: '{"timestamp":"2030-01-01T00:00:00.000Z"}' } },
      { type: 'assistant', timestamp: '2026-01-02T00:00:05.000Z' },
      { type: 'summary', summary: 'no time' },
    ]);
    expect(newestTailTime(file.filePath, file.size)).toBe(Date.parse('2026-01-02T00:00:05.000Z'));
  });

  it('reads only the tail, up to the size it is given', async () => {
    const old = { type: 'user', timestamp: '2026-03-01T00:00:00.000Z', message: { content: 'x'.repeat(TAIL_BYTES) } };
    const file = write('b.jsonl', [{ type: 'user', timestamp: '2026-01-01T00:00:00.000Z' }, old, { type: 'user', timestamp: '2026-02-01T00:00:00.000Z' }]);
    expect(newestTailTime(file.filePath, file.size)).toBe(Date.parse('2026-02-01T00:00:00.000Z'));
    const first = `${JSON.stringify({ type: 'user', timestamp: '2026-01-01T00:00:00.000Z' })}\n`.length;
    expect(newestTailTime(file.filePath, first)).toBe(Date.parse('2026-01-01T00:00:00.000Z'));
  });

  it('is +Infinity (read first, bounding nothing) for a tail without a time, a time in another form, an empty or missing file', async () => {
    const none = write('c.jsonl', [{ type: 'summary', summary: 's' }]);
    const odd = write('d.jsonl', [{ type: 'user', timestamp: '2026-01-02 00:00:00' }]);
    const empty = write('e.jsonl', []);
    expect(await newestTailTimes([none, odd, empty, { filePath: path.join(dir, 'missing.jsonl'), size: 100 }])).toEqual([Infinity, Infinity, Infinity, Infinity]);
  });
});
