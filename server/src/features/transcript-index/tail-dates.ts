import fs from 'node:fs/promises';
import { isCanonicalTime } from './sweep-frontier';

/** Bytes read from a transcript's end for its newest dates: a few of its last lines. */
export const TAIL_BYTES = 16 * 1024;
/** Files whose tails are read at once. */
const TAIL_READS_AT_ONCE = 16;
/** A line's own time (an escaped `"` inside a string never matches: it is `\"`). */
const TIMESTAMP = /"timestamp":"([^"\\]*)"/g;

/**
 * The newest time (ms) written in the last TAIL_BYTES before `size` of a transcript, where the newest-first sweep places
 * it (issue 28.6): the CLI appends lines in time order, so it is the session's last update whatever the file's mtime
 * (copied files share one; a touched or skewed one may be older than its lines). +Infinity when the tail shows no time
 * in the canonical form or the file cannot be read: such a file goes first, so that it bounds nothing.
 * A session whose last update turns out later than this (lines out of order) is caught by the frontier's `observe`.
 */
export async function newestTailTime(filePath: string, size: number): Promise<number> {
  const length = Math.min(size, TAIL_BYTES);
  if (length === 0) return Infinity;
  let text: string;
  try {
    const handle = await fs.open(filePath, 'r');
    try {
      const buffer = Buffer.allocUnsafe(length);
      const { bytesRead } = await handle.read(buffer, 0, length, size - length);
      text = buffer.toString('utf8', 0, bytesRead);
    } finally {
      await handle.close();
    }
  } catch {
    return Infinity;
  }
  let newest = -Infinity;
  for (const [, time] of text.matchAll(TIMESTAMP)) {
    if (time === undefined || !isCanonicalTime(time)) return Infinity;
    newest = Math.max(newest, Date.parse(time));
  }
  return newest === -Infinity ? Infinity : newest;
}

/** newestTailTime of each file, in order, a few reads at a time. */
export async function newestTailTimes(files: readonly { filePath: string; size: number }[]): Promise<number[]> {
  const times = new Array<number>(files.length);
  let next = 0;
  const lane = async (): Promise<void> => {
    for (let i = next++; i < files.length; i = next++) {
      const file = files[i] as { filePath: string; size: number };
      times[i] = await newestTailTime(file.filePath, file.size);
    }
  };
  await Promise.all(Array.from({ length: Math.min(TAIL_READS_AT_ONCE, files.length) }, lane));
  return times;
}

/**
 * The sweep's files newest first by the newest time their tails show, not their mtimes (issue 28.6): copied files
 * share one mtime, and a file dated after its mtime would otherwise have to stop every early answer. Ties (and
 * unreadable tails) by mtime. `times[i]` is the time `files[i]` was placed by.
 */
export async function placeByTail<S extends { size: number; mtimeMs: number }>(files: [string, S][]): Promise<{ files: [string, S][]; times: number[] }> {
  const newest = await newestTailTimes(files.map(([filePath, stat]) => ({ filePath, size: stat.size })));
  const placed = files.map((file, i) => ({ file, newestMs: newest[i] as number }))
    .sort((a, b) => b.newestMs - a.newestMs || b.file[1].mtimeMs - a.file[1].mtimeMs);
  return { files: placed.map(({ file }) => file), times: placed.map(({ newestMs }) => newestMs) };
}
