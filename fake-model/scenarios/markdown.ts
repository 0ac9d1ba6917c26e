import type { Scenario } from '../types';
import { promptHas } from './helpers';

export const MARKDOWN_REPLY = [
  '## Result',
  '',
  'Here is a **markdown** reply with a list, a table and code:',
  '',
  '- first item',
  '- second item with `inline code`',
  '',
  '| file | status |',
  '| --- | --- |',
  '| hello.txt | has a typo |',
  '',
  '```ts',
  'export function greet(name: string): string {',
  '  return `hello ${name}`;',
  '}',
  '```',
  '',
  '> Done.',
].join('\n');

/** `markdown` / `long`: a thinking block, then rich markdown text. */
export const markdownScenario: Scenario = {
  name: 'markdown',
  matches: (conversation) => promptHas(conversation, 'markdown', 'long'),
  reply: () => ({
    kind: 'message',
    blocks: [
      { type: 'thinking', thinking: 'The user wants formatted output. I will show a list, a table and a code block.' },
      { type: 'text', text: MARKDOWN_REPLY },
    ],
  }),
};
