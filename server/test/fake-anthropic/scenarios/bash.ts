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
