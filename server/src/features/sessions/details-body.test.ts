import type { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it, vi } from 'vitest';
import type { ChunkSink } from '../../cli/transcript/conversation-details';
import { detailsBody } from './details-body';

/** A source as the conversation details write: each piece handed over in one reused buffer, overwritten afterwards. */
function source(pieces: string[], failAt?: number) {
  return async (sink: ChunkSink): Promise<void> => {
    const reused = Buffer.alloc(64);
    for (const [i, piece] of pieces.entries()) {
      if (i === failAt) throw new Error('transcript unreadable');
      const bytes = Buffer.from(piece);
      for (let at = 0; at < bytes.length; at += reused.length) {
        const part = bytes.subarray(at, at + reused.length);
        part.copy(reused);
        await sink(reused.subarray(0, part.length));
        reused.fill(0);
      }
    }
  };
}

const pieces = ['{"messages":[', ...Array.from({ length: 40 }, (_, i) => `${i ? ',' : ''}{"text":"ünïcödé 字 ${i}"}`), ']}'];
const whole = pieces.join('');

describe('a conversation window as one answer', () => {
  it('is one string when it fits, whole across pieces that split characters', async () => {
    const body = await detailsBody(source(pieces), () => undefined, 64 * 1024);
    expect(body).toBe(whole);
  });

  it('is a stream of every piece, in order, when it does not fit', async () => {
    const body = await detailsBody(source(pieces), () => undefined, 256);
    expect(typeof body).not.toBe('string');
    expect(await text(body as Readable)).toBe(whole);
  });

  it('rejects when the source fails before anything is sent, and reports a failure while streaming', async () => {
    await expect(detailsBody(source(pieces, 5), () => undefined, 64 * 1024)).rejects.toThrow('transcript unreadable');
    const onError = vi.fn();
    const body = (await detailsBody(source(pieces, 30), onError, 256)) as Readable;
    await expect(text(body)).rejects.toThrow('transcript unreadable');
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it('keeps answering after failures (its buffers come back)', async () => {
    for (let i = 0; i < 10; i++) await expect(detailsBody(source(pieces, 3), () => undefined, 64 * 1024)).rejects.toThrow();
    expect(await detailsBody(source(pieces), () => undefined, 64 * 1024)).toBe(whole);
  });
});
