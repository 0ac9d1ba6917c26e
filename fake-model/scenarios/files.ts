import type { Conversation, Scenario } from '../types';
import { inCwd, message, promptHas, quoteLastResult, runSteps, text } from './helpers';

const noCwd = () => message(text('I could not find the working directory in this conversation.'));

/** `fix`: Read hello.txt, Edit 'helo wrld' → 'hello world', then quote the last tool result. */
export const fixScenario: Scenario = {
  name: 'fix',
  matches: (conversation) => promptHas(conversation, 'fix'),
  reply: (conversation) => {
    const file = inCwd(conversation, 'hello.txt');
    if (!file) return noCwd();
    return runSteps(
      conversation,
      [
        { intro: "I'll read the file first.", tool: 'Read', input: { file_path: file } },
        { intro: 'Found a typo, fixing it.', tool: 'Edit', input: { file_path: file, old_string: 'helo wrld', new_string: 'hello world', replace_all: false } },
      ],
      (c: Conversation) => `Done. Last tool result: ${quoteLastResult(c)}`,
    );
  },
};

export const NEW_FILE_CONTENT = 'Hello from the fake model.\nThis file was written by the write scenario.\n';

/** `write`: Write new.txt, then quote the tool result. */
export const writeScenario: Scenario = {
  name: 'write',
  matches: (conversation) => promptHas(conversation, 'write'),
  reply: (conversation) => {
    const file = inCwd(conversation, 'new.txt');
    if (!file) return noCwd();
    return runSteps(
      conversation,
      [{ intro: "I'll create new.txt.", tool: 'Write', input: { file_path: file, content: NEW_FILE_CONTENT } }],
      (c: Conversation) => `Wrote new.txt. Tool said: ${quoteLastResult(c)}`,
    );
  },
};
