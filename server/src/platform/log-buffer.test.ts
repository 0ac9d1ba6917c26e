import { describe, expect, it } from 'vitest';
import { createLogBuffer } from './log-buffer';

function write(buffer: ReturnType<typeof createLogBuffer>, text: string): Promise<void> {
  return new Promise((resolve, reject) => buffer.stream.write(text, (error) => (error ? reject(error) : resolve())));
}

describe('log buffer', () => {
  it('keeps whole lines, joining chunks split mid-line', async () => {
    const buffer = createLogBuffer();
    await write(buffer, '{"a":1}\n{"b"');
    await write(buffer, ':2}\n');
    expect(buffer.recent(10)).toEqual(['{"a":1}', '{"b":2}']);
  });

  it('drops the oldest lines beyond its capacity and returns the newest first-to-last', async () => {
    const buffer = createLogBuffer(3);
    await write(buffer, ['1', '2', '3', '4', '5'].join('\n') + '\n');
    expect(buffer.recent(10)).toEqual(['3', '4', '5']);
    expect(buffer.recent(2)).toEqual(['4', '5']);
    expect(buffer.recent(0)).toEqual([]);
  });

  it('tells subscribers about new lines until they unsubscribe', async () => {
    const buffer = createLogBuffer();
    const seen: string[] = [];
    const unsubscribe = buffer.subscribe((line) => seen.push(line));
    expect(buffer.subscriberCount()).toBe(1);
    await write(buffer, 'one\n');
    unsubscribe();
    await write(buffer, 'two\n');
    expect(seen).toEqual(['one']);
    expect(buffer.subscriberCount()).toBe(0);
  });

  it('drops a subscriber that throws and keeps serving the others', async () => {
    const buffer = createLogBuffer();
    const seen: string[] = [];
    buffer.subscribe(() => {
      throw new Error('broken client');
    });
    buffer.subscribe((line) => seen.push(line));
    await write(buffer, 'x\ny\n');
    expect(seen).toEqual(['x', 'y']);
    expect(buffer.subscriberCount()).toBe(1);
  });
});
