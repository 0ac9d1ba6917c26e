import type { Scenario } from '../types';
import { message, text } from './helpers';

export const COMPACT_TRIGGER = 'Respond with TEXT ONLY';

/** `/compact`: the CLI asks for an <analysis> and a <summary> block in plain text. */
export const compactScenario: Scenario = {
  name: 'compact',
  matches: (conversation) => conversation.lastUserText.includes(COMPACT_TRIGGER),
  reply: (conversation) =>
    message(
      text(
        [
          '<analysis>',
          `The conversation had ${conversation.historyLength} messages; the user was trying out the console.`,
          '</analysis>',
          '<summary>',
          '1. Primary Request and Intent: try the scripted fake model.',
          '2. Current state: nothing pending.',
          '</summary>',
        ].join('\n'),
      ),
    ),
};
