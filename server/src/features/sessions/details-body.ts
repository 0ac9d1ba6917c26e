import { PassThrough, type Readable } from 'node:stream';
import type { ChunkSink } from '../../cli/transcript/conversation-details';

/** Buffers kept between requests for collecting a conversation window (one per window being collected at once). */
const spare: Buffer[] = [];
const SPARE_KEPT = 4;

function take(size: number): Buffer {
  const buffer = spare.pop();
  return buffer && buffer.length === size ? buffer : Buffer.allocUnsafeSlow(size);
}

function giveBack(buffer: Buffer): void {
  if (spare.length < SPARE_KEPT) spare.push(buffer);
}

/** Writes to `out` once it has room (back-pressure); fails when the client went away. */
async function writeTo(out: PassThrough, chunk: Buffer): Promise<void> {
  if (out.destroyed) throw new Error('the client went away');
  if (out.write(Buffer.from(chunk))) return;
  await new Promise<void>((resolve) => {
    const done = (): void => {
      out.off('drain', done);
      out.off('close', done);
      resolve();
    };
    out.on('drain', done);
    out.on('close', done);
  });
}

/**
 * A conversation's pieces (`write` hands them over in small reused buffers) as one string when they come to at most
 * `limit` bytes, else as a stream with back-pressure, so a large conversation never sits in memory whole.
 *
 * The string is what a window of 50 messages usually is (issue 28 point 5): it goes out as one answer, compressed in
 * one call (platform/compression.ts). As a stream, each window copied its pieces into fresh Buffers and went through
 * a zlib stream of its own; at a few hundred windows a second those ArrayBuffers piled up until V8 collected them,
 * and the resident set kept what they had taken. The pieces are collected in a buffer kept between requests.
 *
 * A failure before the first byte is sent rejects (the request gets an error answer); after it, `onError` is told and
 * the stream ends with the error.
 */
export async function detailsBody(write: (sink: ChunkSink) => Promise<void>, onError: (error: unknown) => void, limit: number): Promise<string | Readable> {
  let collected: Buffer | undefined = take(limit);
  let used = 0;
  let out: PassThrough | undefined;
  let streaming: (stream: Readable) => void = () => undefined;
  const overflowed = new Promise<Readable>((resolve) => (streaming = resolve));
  const sink: ChunkSink = async (chunk) => {
    if (collected) {
      if (used + chunk.length <= collected.length) {
        chunk.copy(collected, used);
        used += chunk.length;
        return;
      }
      out = new PassThrough({ highWaterMark: 1024 * 1024 });
      out.write(Buffer.from(collected.subarray(0, used)));
      giveBack(collected);
      collected = undefined;
      streaming(out);
    }
    if (out) await writeTo(out, chunk);
  };
  const written = write(sink).then(
    () => {
      out?.end();
    },
    (error: unknown) => {
      if (!out) throw error;
      onError(error);
      out.destroy(error instanceof Error ? error : new Error(String(error)));
    },
  );
  try {
    const first = await Promise.race([written.then(() => undefined), overflowed]);
    if (first || !collected) return first ?? (out as Readable);
    return collected.toString('utf8', 0, used);
  } finally {
    if (collected) giveBack(collected);
    collected = undefined;
  }
}
