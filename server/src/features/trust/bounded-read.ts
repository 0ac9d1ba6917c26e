import fs from 'node:fs';

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
    const buffer = Buffer.alloc(maxBytes + 1);
    let length = 0;
    for (;;) {
      const read = fs.readSync(fd, buffer, length, buffer.length - length, null);
      if (read === 0) break;
      length += read;
      if (length > maxBytes) return null;
    }
    return buffer.subarray(0, length).toString('utf8');
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
