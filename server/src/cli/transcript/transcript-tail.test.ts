import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readLinesBackward } from './transcript-tail';

function tempFile(content: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cui-tail-'));
  const file = path.join(dir, 't.jsonl');
  fs.writeFileSync(file, content);
  return file;
}

/** Reads lines newest first, `take` at a time, resuming from each returned offset; returns the batches. */
async function batches(file: string, take: number): Promise<string[][]> {
  const out: string[][] = [];
  let end = fs.statSync(file).size;
  while (end > 0 && out.length < 100) {
    const batch: string[] = [];
    const result = await readLinesBackward(file, end, (buf, start, stop) => {
      batch.push(buf.toString('utf8', start, stop));
      return batch.length < take;
    });
    out.push(batch);
    end = result.offset;
  }
  return out;
}

describe('readLinesBackward', () => {
  it('reads lines newest first and resumes exactly where a batch stopped, across chunk boundaries', async () => {
    // Lines of 100 KB: several per 256 KB chunk, most of them cut by a chunk boundary.
    const lines = Array.from({ length: 12 }, (_, i) => `${i}:${'x'.repeat(100_000)}`);
    const file = tempFile(`${lines.join('\n')}\n`);
    const read = await batches(file, 5);
    expect(read.map((b) => b.length)).toEqual([5, 5, 2]);
    expect(read.flat().reverse()).toEqual(lines);
  });

  it('leaves out an unterminated last line, empty lines and CRs', async () => {
    const file = tempFile('a\r\n\nb\nc\n{"half":');
    const seen: string[] = [];
    const result = await readLinesBackward(file, fs.statSync(file).size, (buf, start, stop) => {
      seen.push(buf.toString('utf8', start, stop));
      return true;
    });
    expect(seen).toEqual(['c', 'b', 'a']);
    expect(result.offset).toBe(0);
  });

  it('reports the start of the oldest line handled as the resume offset', async () => {
    const file = tempFile('one\ntwo\nthree\n');
    const result = await readLinesBackward(file, fs.statSync(file).size, () => false);
    expect(result.offset).toBe('one\ntwo\n'.length);
  });
});
