import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createPromptInput, type PromptInput } from '../../cli/prompt-input';
import { createTurnControl } from './turns';

const logger = pino({ level: 'silent' });

async function drain(input: PromptInput): Promise<string[]> {
  const texts: string[] = [];
  for await (const message of input) texts.push(String(message.message.content));
  return texts;
}

function setup(idleMs?: number) {
  const input = createPromptInput();
  let interrupts = 0;
  const changes: { queued: string[]; started?: string }[] = [];
  const turns = createTurnControl({
    input, logger, firstMessage: 'first', idleMs, interrupt: async () => void (interrupts += 1),
    onQueueChanged: (queued, started) => changes.push({ queued: queued.map((m) => m.text), ...(started ? { started: started.text } : {}) }),
  });
  return { input, turns, interrupts: () => interrupts, changes };
}

describe('turn control', () => {
  it('ends the input after a completed turn, so the run ends as before', async () => {
    const { input, turns } = setup();
    expect(turns.busy()).toBe(true);
    expect(turns.onResult()).toEqual({ interrupted: false });
    expect(await drain(input)).toEqual(['first']);
    expect(() => turns.send('late')).toThrow(expect.objectContaining({ code: 'run.finished' }));
  });

  it('keeps the input open after an interrupted turn and takes the next message at once', async () => {
    const { input, turns, interrupts } = setup();
    await turns.interrupt();
    await turns.interrupt();
    expect(interrupts()).toBe(1);
    expect(turns.onResult()).toEqual({ interrupted: true });
    expect(turns.busy()).toBe(false);
    await turns.interrupt();
    expect(interrupts()).toBe(1);
    expect(turns.send('second')).toBeNull();
    expect(turns.onResult()).toEqual({ interrupted: false });
    expect(await drain(input)).toEqual(['first', 'second']);
  });

  it('queues messages sent during a turn and runs them in order, one turn each, then ends', async () => {
    const { input, turns, changes } = setup();
    const second = turns.send('second');
    expect(second).toMatchObject({ text: 'second' });
    turns.send('third');
    const dropped = turns.send('dropped');
    turns.unqueue(dropped?.id ?? '');
    expect(() => turns.unqueue(dropped?.id ?? '')).toThrow(expect.objectContaining({ code: 'run.message_not_found' }));
    turns.onResult();
    turns.onResult();
    turns.onResult();
    expect(await drain(input)).toEqual(['first', 'second', 'third']);
    expect(changes).toEqual([
      { queued: ['second'] },
      { queued: ['second', 'third'] },
      { queued: ['second', 'third', 'dropped'] },
      { queued: ['second', 'third'] },
      { queued: ['third'], started: 'second' },
      { queued: [], started: 'third' },
    ]);
  });

  it('sends a message now: first in the queue, the turn interrupted, then it runs', async () => {
    const { input, turns, interrupts } = setup();
    turns.send('later');
    turns.send('urgent', 'now');
    await Promise.resolve();
    expect(interrupts()).toBe(1);
    expect(turns.onResult()).toEqual({ interrupted: true });
    turns.onResult();
    turns.onResult();
    expect(await drain(input)).toEqual(['first', 'urgent', 'later']);
  });

  it('sends a queued message now: moved first, the turn interrupted', async () => {
    const { input, turns, interrupts, changes } = setup();
    turns.send('a');
    const b = turns.send('b');
    turns.sendNow(b?.id ?? '');
    await Promise.resolve();
    expect(interrupts()).toBe(1);
    expect(changes.at(-1)).toEqual({ queued: ['b', 'a'] });
    expect(() => turns.sendNow('gone')).toThrow(expect.objectContaining({ code: 'run.message_not_found' }));
    turns.onResult();
    turns.onResult();
    turns.onResult();
    expect(await drain(input)).toEqual(['first', 'b', 'a']);
  });

  it('ends an interrupted run that gets no message in time', async () => {
    const { input, turns } = setup(10);
    await turns.interrupt();
    turns.onResult();
    // The drain ends only when the idle timer ends the input.
    expect(await drain(input)).toEqual(['first']);
    expect(input.isEnded()).toBe(true);
  });

  it('sends a queued message with its images when its turn starts, and drops them when it is removed', async () => {
    const { input, turns } = setup();
    const png = { mediaType: 'image/png' as const, data: 'iVBORw0KGgo=' };
    turns.send('look', 'next', [png]);
    const removed = turns.send('gone', 'next', [png]);
    turns.unqueue(removed?.id ?? '');
    turns.onResult();
    turns.onResult();
    const contents: unknown[] = [];
    for await (const message of input) contents.push(message.message.content);
    expect(contents).toEqual(['first', [{ type: 'image', source: { type: 'base64', media_type: 'image/png', data: png.data } }, { type: 'text', text: 'look' }]]);
  });
});
