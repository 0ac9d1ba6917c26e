import fs from 'node:fs';

const CHUNK_BYTES = 64 * 1024;

/**
 * Reads a small regular file as UTF-8, or null when it is missing, not a regular file, or larger than
 * `maxBytes`. A repository's settings files are untrusted input: a FIFO, a device or a symlink to one is
 * opened non-blocking and refused by fstat, and the read is bounded by the bytes actually read, never
 * by the reported size.
 */
export function readSmallRegularFile(file: string, maxBytes: number): string | null {
  let fd: number;
  try {
    fd = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
  } catch {
    return null; // missing or unreadable: the same as absent for a settings file
  }
  try {
    if (!fs.fstatSync(fd).isFile()) return null;
    // Chunks rather than one buffer of maxBytes: most settings files are tiny, the limit is for the worst case.
    const chunks: Buffer[] = [];
    let length = 0;
    for (;;) {
      const chunk = Buffer.alloc(CHUNK_BYTES);
      const read = fs.readSync(fd, chunk, 0, CHUNK_BYTES, null);
      if (read === 0) break;
      length += read;
      if (length > maxBytes) return null;
      chunks.push(chunk.subarray(0, read));
    }
    return Buffer.concat(chunks, length).toString('utf8');
  } finally {
    fs.closeSync(fd);
  }
}

/** Parses JSON, or undefined for text that is not JSON (a damaged settings file counts as absent). */
export function parseJsonOrUndefined(text: string | null): unknown {
  if (text === null) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
