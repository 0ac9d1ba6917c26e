import fs from 'node:fs/promises';
import { MAX_LINE_BYTES } from './transcript-reader';

const CHUNK_BYTES = 256 * 1024;

/** Handles one raw line (without newline) at file offset `base + start`; returns false to stop: no older line is read. */
export type BackwardLineHandler = (buf: Buffer, start: number, end: number, base: number) => boolean;

export interface BackwardResult {
  /** File offset of the oldest line handled (0 once the file's start was reached). */
  offset: number;
  hugeLines: number;
}

/**
 * Reads the complete lines of `file` before `end` from the newest to the oldest, in chunks, until `handler`
 * returns false or the file's start is reached. `end` is a line start (or the file's size: a last line
 * still being written, without its newline, is left out). Huge lines are skipped and counted.
 */
export async function readLinesBackward(file: string, end: number, handler: BackwardLineHandler): Promise<BackwardResult> {
  const handle = await fs.open(file, 'r');
  const result: BackwardResult = { offset: end, hugeLines: 0 };
  try {
    let pending: Buffer = Buffer.alloc(0); // bytes [position, …) whose first line start is not known yet
    let position = end;
    let skipping = false; // pending's bytes belong to a line left out (unterminated or huge)
    let first = true;
    while (position > 0) {
      const size = Math.min(CHUNK_BYTES, position);
      const chunk = Buffer.allocUnsafe(size);
      const { bytesRead } = await handle.read(chunk, 0, size, position - size);
      if (bytesRead < size) throw new Error(`transcript changed while it was read: ${file}`);
      const data = pending.length > 0 ? Buffer.concat([chunk, pending]) : chunk;
      const base = position - size;
      if (first && data[data.length - 1] !== 0x0a) skipping = true;
      first = false;
      let lineEnd = data.length; // exclusive end of the current line, its newline included
      for (let nl = newlineBefore(data, lineEnd); nl >= 0; nl = newlineBefore(data, lineEnd)) {
        const goOn = skipping || handleLine(data, nl + 1, lineEnd, base, handler);
        skipping = false;
        lineEnd = nl + 1;
        result.offset = base + lineEnd;
        if (!goOn) return result;
      }
      pending = data.subarray(0, lineEnd);
      position = base;
      if (pending.length > MAX_LINE_BYTES) {
        if (!skipping) result.hugeLines++;
        skipping = true;
        pending = Buffer.alloc(0);
      }
    }
    if (!skipping && pending.length > 0) handleLine(pending, 0, pending.length, 0, handler);
    result.offset = 0;
  } finally {
    await handle.close();
  }
  return result;
}

/** Hands one line to the handler (without its newline or CR); true to go on with older lines. */
function handleLine(data: Buffer, start: number, end: number, base: number, handler: BackwardLineHandler): boolean {
  let stop = end;
  if (stop > start && data[stop - 1] === 0x0a) stop--;
  if (stop > start && data[stop - 1] === 0x0d) stop--;
  if (stop === start) return true;
  return handler(data, start, stop, base);
}

/** The newline that ends the line before the one ending at `lineEnd` (its own newline excluded), or -1. */
function newlineBefore(data: Buffer, lineEnd: number): number {
  // A negative offset would search from the buffer's end.
  return lineEnd >= 2 ? data.lastIndexOf(0x0a, lineEnd - 2) : -1;
}
