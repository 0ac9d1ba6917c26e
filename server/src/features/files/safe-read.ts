import fs from 'node:fs';
import fsp from 'node:fs/promises';

/** Why a file was not read: it is not a regular file, or it holds more bytes than allowed. */
export type SafeReadResult =
  | { ok: true; content: Buffer; stat: fs.Stats }
  | { ok: false; reason: 'not_a_file' | 'too_large'; stat: fs.Stats };

/** Open flags: O_NONBLOCK so that a file swapped for a FIFO between stat and open cannot block the thread pool. */
const OPEN_FLAGS = fs.constants.O_RDONLY | fs.constants.O_NONBLOCK | fs.constants.O_NOCTTY;

const CHUNK_BYTES = 64 * 1024;

/**
 * Reads at most `limitBytes` of a regular file. Special files (FIFOs, devices, sockets) are never opened: a
 * `.gitignore` symlinked to /dev/zero or to a FIFO must neither fill memory nor block a thread-pool thread.
 * The limit counts bytes actually read, not `stat.size`: /proc files report size 0 and may be huge
 * (/proc/self/pagemap). Errors of stat/open/read (ENOENT, ELOOP, ENAMETOOLONG, EACCES…) are thrown as they are.
 */
export async function readRegularFile(file: string, limitBytes: number): Promise<SafeReadResult> {
  const before = await fsp.stat(file);
  if (!before.isFile()) return { ok: false, reason: 'not_a_file', stat: before };
  const handle = await fsp.open(file, OPEN_FLAGS);
  try {
    const stat = await handle.stat();
    // The path may have been replaced between stat and open: judge what was actually opened.
    if (!stat.isFile()) return { ok: false, reason: 'not_a_file', stat };
    if (stat.size > limitBytes) return { ok: false, reason: 'too_large', stat };
    const chunks: Buffer[] = [];
    let total = 0;
    // Whole chunks (some /proc files refuse unaligned reads); one read past the limit tells "too large" apart.
    while (total <= limitBytes) {
      const buffer = Buffer.alloc(CHUNK_BYTES);
      const { bytesRead } = await handle.read(buffer, 0, CHUNK_BYTES, null);
      if (bytesRead === 0) break;
      chunks.push(buffer.subarray(0, bytesRead));
      total += bytesRead;
    }
    if (total <= limitBytes) return { ok: true, content: Buffer.concat(chunks, total), stat };
    return { ok: false, reason: 'too_large', stat };
  } finally {
    await handle.close();
  }
}

/** Largest `.gitignore` or command file read; anything bigger is skipped as if absent. */
export const SMALL_FILE_LIMIT_BYTES = 256 * 1024;

/** The text of a small regular file, or undefined when it is missing, special, too large or unreadable. */
export async function readSmallTextFile(file: string, limitBytes = SMALL_FILE_LIMIT_BYTES): Promise<string | undefined> {
  // Deliberately quiet: a missing or hostile .gitignore or command file is treated as absent, never as an error.
  const result = await readRegularFile(file, limitBytes).catch(() => undefined);
  return result?.ok ? result.content.toString('utf8') : undefined;
}
