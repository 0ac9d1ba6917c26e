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
  const turns = createTurnControl({ input, logger, firstMessage: 'first', idleMs, interrupt: async () => void (interrupts += 1) });
  return { input, turns, interrupts: () => interrupts };
}

describe('turn control', () => {
  it('ends the input after a completed turn, so the run ends as before', async () => {
    const { input, turns } = setup();
    expect(turns.busy()).toBe(true);
    expect(turns.onResult()).toEqual({ interrupted: false });
    expect(await drain(input)).toEqual(['first']);
    expect(() => turns.send('late')).toThrow(expect.objectContaining({ code: 'run.finished' }));
  });

  it('keeps the input open after an interrupted turn and takes the next message; refuses one while busy', async () => {
    const { input, turns, interrupts } = setup();
    expect(() => turns.send('too early')).toThrow(expect.objectContaining({ code: 'run.busy' }));
    await turns.interrupt();
    await turns.interrupt();
    expect(interrupts()).toBe(1);
    expect(turns.onResult()).toEqual({ interrupted: true });
    expect(turns.busy()).toBe(false);
    await turns.interrupt();
    expect(interrupts()).toBe(1);
    turns.send('second');
    expect(turns.onResult()).toEqual({ interrupted: false });
    expect(await drain(input)).toEqual(['first', 'second']);
  });

  it('ends an interrupted run that gets no message in time', async () => {
    const { input, turns } = setup(10);
    await turns.interrupt();
    turns.onResult();
    // The drain ends only when the idle timer ends the input.
    expect(await drain(input)).toEqual(['first']);
    expect(input.isEnded()).toBe(true);
  });
});
