import fs from 'node:fs';
import { indexTimeBox, runTimeBoxed, type TimeBox } from '../../platform/time-box';
import { isCanonicalTime } from './sweep-frontier';

/** Bytes read from a transcript's end for its newest dates: a few of its last lines. */
export const TAIL_BYTES = 16 * 1024;
/** A line's own time starts after this (an escaped key inside a string never matches: its quotes are `\"`). */
const TIMESTAMP_KEY = Buffer.from('"timestamp":"');
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
/** The times looked at, from the tail's end (a line or two written out of order still counts). */
const TAIL_TIMES = 4;

/**
 * The newest time (ms) written in the last TAIL_BYTES before `size` of a transcript, where the newest-first sweep places
 * it (issue 28.6): the CLI appends lines in time order, so it is the session's last update whatever the file's mtime
 * (copied files share one; a touched or skewed one may be older than its lines). +Infinity when the tail shows no time
 * in the canonical form or the file cannot be read: such a file goes first, so that it bounds nothing.
 * A session whose last update turns out later than this (lines out of order) is caught by the frontier's `observe`.
 */
export function newestTailTime(filePath: string, size: number, buffer: Buffer = Buffer.allocUnsafe(TAIL_BYTES)): number {
  const length = Math.min(size, TAIL_BYTES, buffer.length);
  if (length === 0) return Infinity;
  let bytesRead: number;
  try {
    const fd = fs.openSync(filePath, 'r');
    try {
      bytesRead = fs.readSync(fd, buffer, 0, length, size - length);
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    return Infinity;
  }
  return newestTime(buffer.subarray(0, bytesRead));
}

/**
 * The newest of the last TAIL_TIMES `"timestamp":"…"` of a tail, found in its bytes from the end: the CLI appends
 * lines in time order, and looking at every time of 16 KB cost about 50 µs a file (0.5 s at 10,000 sessions). An
 * escaped key (`\"timestamp\"`) inside a string never matches; a time cut by the tail's end, or one holding an escape,
 * is not a time.
 */
function newestTime(tail: Buffer): number {
  let newest = -Infinity;
  let seen = 0;
  for (let at = tail.lastIndexOf(TIMESTAMP_KEY); at >= 0 && seen < TAIL_TIMES; at = at > 0 ? tail.lastIndexOf(TIMESTAMP_KEY, at - 1) : -1) {
    const start = at + TIMESTAMP_KEY.length;
    const end = tail.indexOf(QUOTE, start);
    if (end < 0 || tail.subarray(start, end).includes(BACKSLASH)) continue;
    const time = tail.toString('latin1', start, end);
    if (!isCanonicalTime(time)) return Infinity;
    newest = Math.max(newest, Date.parse(time));
    seen += 1;
  }
  return newest === -Infinity ? Infinity : newest;
}

/**
 * newestTailTime of each file, in order, in time-boxed slices of the main thread. Synchronous reads, because at
 * 10,000 files the promise-based open/read/close cost 0.7-0.9 s of wall time and 0.4-0.6 s of CPU against about
 * 0.1 s for the same reads made synchronously (bench/tail-dates.ts); a slice of a few milliseconds between requests
 * holds none of them back longer than the index's other slices.
 */
export async function newestTailTimes(files: readonly { filePath: string; size: number }[], box: TimeBox = indexTimeBox()): Promise<number[]> {
  const times = new Array<number>(files.length);
  const buffer = Buffer.allocUnsafe(TAIL_BYTES);
  for (let at = 0; at < files.length; ) {
    if (at > 0) await box.between();
    let position = at;
    at = runTimeBoxed(files, at, box, (file) => (times[position++] = newestTailTime(file.filePath, file.size, buffer)));
  }
  return times;
}

/**
 * The sweep's files newest first by the newest time their tails show, not their mtimes (issue 28.6): copied files
 * share one mtime, and a file dated after its mtime would otherwise have to stop every early answer. Ties (and
 * unreadable tails) by mtime. `times[i]` is the time `files[i]` was placed by.
 */
export async function placeByTail<S extends { size: number; mtimeMs: number }>(files: [string, S][], box?: TimeBox): Promise<{ files: [string, S][]; times: number[] }> {
  const newest = await newestTailTimes(files.map(([filePath, stat]) => ({ filePath, size: stat.size })), box);
  const placed = files.map((file, i) => ({ file, newestMs: newest[i] as number }))
    .sort((a, b) => b.newestMs - a.newestMs || b.file[1].mtimeMs - a.file[1].mtimeMs);
  return { files: placed.map(({ file }) => file), times: placed.map(({ newestMs }) => newestMs) };
}
