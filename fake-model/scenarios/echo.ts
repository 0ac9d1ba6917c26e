import type { Scenario } from '../types';
import { message, text } from './helpers';

/** Requests without tools are auxiliary (titles, summaries): a short text. */
export const auxiliaryScenario: Scenario = {
  name: 'auxiliary',
  matches: (conversation) => conversation.tools.length === 0,
  reply: () => message(text('Fake conversation')),
};

/** Default: names the prompt and the history length, so a resumed session proves it sent its history. */
export const echoScenario: Scenario = {
  name: 'echo',
  matches: () => true,
  reply: (conversation) =>
    message(text(`Echo: "${conversation.prompt.slice(0, 200)}". History has ${conversation.historyLength} messages.`)),
};
