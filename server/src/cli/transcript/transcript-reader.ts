import fs, { closeSync, openSync, readSync } from 'node:fs';
import { parseLine, type TranscriptLine } from './transcript-line';

/** Lines longer than this are skipped (and logged) without being buffered whole. */
export const MAX_LINE_BYTES = 32 * 1024 * 1024;
const CHUNK_BYTES = 1024 * 1024;
/**
 * Read buffers of CHUNK_BYTES kept for the next read (a thread's reads in flight at once are a few). A sweep reads
 * thousands of files: a fresh buffer each, outside V8's heap and outlasting its young generation (it lives across the
 * reads' awaits), was freed only when V8 next collected its old generation, every few seconds (issue 28.5).
 */
const spareBuffers: Buffer<ArrayBuffer>[] = [];
const SPARE_BUFFERS_MAX = 4;

export interface ReadProblems {
  invalidLines: number;
  hugeLines: number;
}

export interface ReadResult extends ReadProblems {
  /** Byte offset just after the last complete line: a half-written last line is left for the next read. */
  offset: number;
  /** The file's first bytes (up to `headBytes`), read with the same handle, when asked for. */
  head?: Buffer;
}

/**
 * Handles one raw line (without newline) at file offset `base + start`; returns false when the line was invalid. The
 * buffer is another read's once this read ends: a handler keeps copies (strings, numbers), never `buf` or a view of it.
 */
export type RawLineHandler = (buf: Buffer, start: number, end: number, base: number) => boolean;

/** Receives parsed lines; with `link`, attachments are reported as chain links (uuid, parentUuid). */
export interface LineVisitor {
  line(line: TranscriptLine): void;
  link?(uuid: string, parentUuid: string | null): void;
}

/** A raw handler that JSON-parses every line that is not bookkeeping. */
export function parsingHandler(visitor: LineVisitor): RawLineHandler {
  const links = visitor.link !== undefined;
  return (buf, start, end) => {
    const verdict = parseLine(buf, start, end, links);
    if (verdict.kind === 'line') visitor.line(verdict.line);
    else if (verdict.kind === 'link') visitor.link?.(verdict.uuid, verdict.parentUuid);
    return verdict.kind !== 'invalid';
  };
}

/** Reads into `buffer` from `position` on the thread pool (the callback API: FileHandle's promises cost more). */
function readAt(fd: number, buffer: Buffer, offset: number, length: number, position: number): Promise<number> {
  return new Promise((resolve, reject) => {
    fs.read(fd, buffer, offset, length, position, (error, bytesRead) => (error ? reject(error) : resolve(bytesRead)));
  });
}

/**
 * Reads the complete lines of `file` between `from` and `to` in chunks (never the whole file at once),
 * handing each line to `handler`. Invalid and huge lines are counted, never fatal.
 *
 * The open, the head and the close are synchronous, the chunks read on libuv's thread pool: at 10,000 transcripts
 * FileHandle's open, reads and close (four trips through the pool a file) took 1.9-2.8 s of CPU, 1.0-1.4 s with only
 * the chunks read there, 0.3-0.4 s all synchronous (issue 28.2 and 28.7, bench/transcript-reads.ts). A read of the pool leaves the
 * event loop free while it runs, which keeps requests answered between a sweep's files; an open from the page cache
 * takes microseconds (the sweep's tail dates already open every file synchronously).
 */
export async function readTranscriptLines(file: string, range: { from: number; to: number }, handler: RawLineHandler, options: { headBytes?: number } = {}): Promise<ReadResult> {
  const fd = openSync(file, 'r');
  const result: ReadResult = { offset: range.from, invalidLines: 0, hugeLines: 0 };
  let buffer: Buffer<ArrayBuffer> | undefined;
  try {
    if (options.headBytes) {
      const head = Buffer.alloc(Math.min(options.headBytes, range.to));
      result.head = head.subarray(0, readSync(fd, head, 0, head.length, 0));
    }
    buffer = spareBuffers.pop() ?? Buffer.allocUnsafe(CHUNK_BYTES);
    let carried = 0; // bytes of an incomplete line at the start of `buffer`
    let position = range.from; // file position of buffer[0]
    let skippingHuge = false;
    while (position + carried < range.to) {
      if (carried === buffer.length) buffer = grow(buffer, carried);
      const want = Math.min(buffer.length - carried, range.to - position - carried);
      const bytesRead = await readAt(fd, buffer, carried, want, position + carried);
      if (bytesRead === 0) break;
      const filled = carried + bytesRead;
      let start = 0;
      for (let nl = buffer.indexOf(0x0a, 0); nl >= 0 && nl < filled; nl = buffer.indexOf(0x0a, start)) {
        if (skippingHuge) skippingHuge = false;
        else handleLine(buffer, start, nl, position, handler, result);
        start = nl + 1;
        result.offset = position + start;
      }
      carried = filled - start;
      if (carried > 0 && start > 0) buffer.copy(buffer, 0, start, filled);
      position += start;
      if (carried >= MAX_LINE_BYTES || skippingHuge) {
        // Drop the oversized line's bytes and keep reading until its newline.
        if (!skippingHuge) result.hugeLines++;
        skippingHuge = true;
        position += carried;
        carried = 0;
      }
    }
  } finally {
    // Handlers copy what they keep (strings, numbers), never the buffer's bytes; a grown buffer is not kept.
    if (buffer?.length === CHUNK_BYTES && spareBuffers.length < SPARE_BUFFERS_MAX) spareBuffers.push(buffer);
    closeSync(fd);
  }
  return result;
}

function grow(buffer: Buffer<ArrayBuffer>, used: number): Buffer<ArrayBuffer> {
  const bigger = Buffer.allocUnsafe(Math.min(MAX_LINE_BYTES + CHUNK_BYTES, buffer.length * 2));
  buffer.copy(bigger, 0, 0, used);
  return bigger;
}

function handleLine(buffer: Buffer, start: number, end: number, base: number, handler: RawLineHandler, result: ReadResult): void {
  let stop = end;
  if (stop > start && buffer[stop - 1] === 0x0d) stop--; // CRLF
  if (stop === start) return;
  if (!handler(buffer, start, stop, base)) result.invalidLines++;
}

