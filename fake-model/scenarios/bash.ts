import type { Conversation, Scenario } from '../types';
import { promptHas, quoteLastResult, runSteps } from './helpers';

export const BASH_COMMAND = 'echo from-bash > bash_out.txt && cat bash_out.txt';

/** `bash`: one Bash command that writes and prints bash_out.txt, then quote its output. */
export const bashScenario: Scenario = {
  name: 'bash',
  matches: (conversation) => promptHas(conversation, 'bash'),
  reply: (conversation) =>
    runSteps(
      conversation,
      [{ intro: "I'll run a shell command.", tool: 'Bash', input: { command: BASH_COMMAND, description: 'Write and print bash_out.txt' } }],
      (c: Conversation) => `The command finished. Output: ${quoteLastResult(c)}`,
    ),
};

/** Idle for 30 s, then write lingered.txt. (The CLI refuses `sleep N` followed by more commands.) */
export const LINGER_COMMAND = 'timeout 30 tail -f /dev/null; echo lingered > lingered.txt';

/** `linger`: one Bash command that runs for 30 s before it writes lingered.txt (a tool still running at a crash). */
export const lingerScenario: Scenario = {
  name: 'linger',
  matches: (conversation) => promptHas(conversation, 'linger'),
  reply: (conversation) =>
    runSteps(
      conversation,
      [{ intro: "I'll run a long command.", tool: 'Bash', input: { command: LINGER_COMMAND, description: 'Sleep, then write lingered.txt' } }],
      (c: Conversation) => `The long command finished. Output: ${quoteLastResult(c)}`,
    ),
};

/** Idles for 60 s in the background, then writes background.txt (a background task a test stops first). */
export const BACKGROUND_COMMAND = 'timeout 60 tail -f /dev/null; echo done > background.txt';

/** `background`: one Bash command started in the background (`run_in_background`), then text at once. */
export const backgroundScenario: Scenario = {
  name: 'background',
  matches: (conversation) => promptHas(conversation, 'background'),
  reply: (conversation) =>
    runSteps(
      conversation,
      [{ intro: "I'll start a command in the background.", tool: 'Bash', input: { command: BACKGROUND_COMMAND, description: 'Idle, then write background.txt', run_in_background: true } }],
      () => 'The command runs in the background.',
    ),
};
