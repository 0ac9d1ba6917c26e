import type { Scenario } from '../types';
import { promptHas } from './helpers';

const WORDS = 40;
export const SLOW_DELAY_MS = 250;

/** The slow reply: WORDS words, streamed one word per delta. */
export const slowText = (): string =>
  Array.from({ length: WORDS }, (_, index) => `word${index + 1}`).join(' ') + '.';

/** `slow`: a long text streamed one word every 250 ms (≈10 s), for stop and interrupt tests. */
export const slowScenario: Scenario = {
  name: 'slow',
  matches: (conversation) => promptHas(conversation, 'slow'),
  reply: () => ({
    kind: 'message',
    blocks: [{ type: 'text', text: slowText() }],
    pace: { chunkChars: 'wordNN '.length, delayMs: SLOW_DELAY_MS },
  }),
};
