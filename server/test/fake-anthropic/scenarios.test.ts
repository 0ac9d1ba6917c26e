import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pickScenario, readConversation } from './index';
import { BASH_COMMAND } from './scenarios/bash';
import { NEW_FILE_CONTENT } from './scenarios/files';
import { requestBody, toolTurn } from './test-support';
import type { ScriptReply } from './types';

function decide(body: Record<string, unknown>) {
  const conversation = readConversation(body, JSON.stringify(body).length);
  const scenario = pickScenario(conversation);
  return { conversation, scenario: scenario.name, reply: scenario.reply(conversation) };
}

const fixture = (name: string): Record<string, unknown> =>
  JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'fixtures', name), 'utf8')) as Record<string, unknown>;

function toolUses(reply: ScriptReply) {
  return reply.kind === 'message' ? reply.blocks.flatMap((block) => (block.type === 'tool_use' ? [block] : [])) : [];
}

function texts(reply: ScriptReply): string {
  return reply.kind === 'message' ? reply.blocks.map((block) => (block.type === 'text' ? block.text : '')).join(' ') : '';
}

describe('reading a recorded CLI request', () => {
  it('finds the prompt, cwd, step and deferred tools in a real 2.1.330 body', () => {
    const conversation = readConversation(fixture('fix-after-read.request.json'), 1000);
    expect(conversation.prompt).toBe('fix the typo');
    expect(conversation.cwd).toBe('/tmp/fixture-repo');
    expect(conversation.step).toBe(1);
    expect(conversation.toolCalls.map((call) => call.name)).toEqual(['Read']);
    expect(conversation.lastToolResult).toContain('helo wrld');
    expect(conversation.deferredTools).toContain('WebFetch');
    expect(conversation.tools).toContain('Edit');
  });

  it('continues a real todo run after ToolSearch loaded TodoWrite', () => {
    const { scenario, reply } = decide(fixture('todo-after-toolsearch.request.json'));
    expect(scenario).toBe('todo');
    expect(toolUses(reply).map((block) => block.name)).toEqual(['TodoWrite']);
  });

  it('ignores system-reminder text and tool results when looking for the prompt', () => {
    const body = requestBody({ prompt: 'please fix it', after: toolTurn('Read', {}, 'fix bash write slow') });
    const { conversation } = decide(body);
    expect(conversation.prompt).toBe('please fix it');
    expect(conversation.step).toBe(1);
  });

  it('tolerates bodies that are not Messages requests', () => {
    expect(readConversation(null, 0)).toMatchObject({ prompt: '', step: 0, tools: [], historyLength: 0, cwd: undefined });
    expect(readConversation({ messages: 'nope', tools: [1, null] }, 3).tools).toEqual([]);
  });
});

describe('keyword selection', () => {
  it.each([
    ['Fix the typo', 'fix'],
    ['write a file', 'write'],
    ['run BASH now', 'bash'],
    ['be slow', 'slow'],
    ['trigger api-error', 'api-error'],
    ['overloaded please', 'overloaded'],
    ['make a todo list', 'todo'],
    ['hello there', 'echo'],
    ['prefix suffix rewrite', 'echo'],
  ])('"%s" picks %s', (prompt, expected) => {
    expect(decide(requestBody({ prompt })).scenario).toBe(expected);
  });

  it('treats requests without tools as auxiliary', () => {
    expect(decide(requestBody({ prompt: 'fix', tools: [] })).scenario).toBe('auxiliary');
  });
});

describe('fix scenario', () => {
  const cwd = '/tmp/work';
  it('reads, then edits, then quotes the last tool result', () => {
    const read = decide(requestBody({ prompt: 'fix the typo', cwd }));
    expect(toolUses(read.reply)).toEqual([{ type: 'tool_use', name: 'Read', input: { file_path: '/tmp/work/hello.txt' } }]);
    const afterRead = toolTurn('Read', { file_path: '/tmp/work/hello.txt' }, '1\thelo wrld');
    const edit = decide(requestBody({ prompt: 'fix the typo', cwd, after: afterRead }));
    expect(toolUses(edit.reply)[0]).toMatchObject({ name: 'Edit', input: { old_string: 'helo wrld', new_string: 'hello world' } });
    const after = [...afterRead, ...toolTurn('Edit', {}, 'Denied: not today', true)];
    const done = decide(requestBody({ prompt: 'fix the typo', cwd, after }));
    expect(done.conversation.step).toBe(2);
    expect(toolUses(done.reply)).toEqual([]);
    expect(texts(done.reply)).toContain('Denied: not today');
  });

  it('falls back to text when Edit is not offered', () => {
    const afterRead = toolTurn('Read', {}, 'ok');
    const reply = decide(requestBody({ prompt: 'fix', cwd, tools: ['Read'], after: afterRead })).reply;
    expect(toolUses(reply)).toEqual([]);
    expect(texts(reply)).toContain('Edit tool is not available');
  });
});

describe('write, bash and todo scenarios', () => {
  it('write creates new.txt in the cwd, then reports', () => {
    const first = decide(requestBody({ prompt: 'write a file', cwd: '/w' }));
    expect(toolUses(first.reply)[0]).toEqual({ type: 'tool_use', name: 'Write', input: { file_path: '/w/new.txt', content: NEW_FILE_CONTENT } });
    const done = decide(requestBody({ prompt: 'write a file', cwd: '/w', after: toolTurn('Write', {}, 'File created') }));
    expect(texts(done.reply)).toContain('File created');
  });

  it('bash runs the scripted command', () => {
    expect(toolUses(decide(requestBody({ prompt: 'run bash' })).reply)[0]?.input).toMatchObject({ command: BASH_COMMAND });
  });

  it('todo loads a deferred TodoWrite through ToolSearch first', () => {
    const reply = decide(requestBody({ prompt: 'todo', deferred: ['WebFetch', 'TodoWrite'] })).reply;
    expect(toolUses(reply)).toEqual([{ type: 'tool_use', name: 'ToolSearch', input: { query: 'select:TodoWrite', max_results: 1 } }]);
  });

  it('todo says so when no todo tool exists', () => {
    const reply = decide(requestBody({ prompt: 'todo' })).reply;
    expect(toolUses(reply)).toEqual([]);
    expect(texts(reply)).toContain('No todo tool');
  });
});

describe('echo, slow and errors', () => {
  it('echo names the prompt and the history length', () => {
    const before = [
      { role: 'user', content: 'first' },
      { role: 'system', content: 'Primary working directory: /x' },
      { role: 'assistant', content: [{ type: 'text', text: 'hi' }] },
    ];
    expect(texts(decide(requestBody({ prompt: 'again' })).reply)).toBe('Echo: "again". History has 2 messages.');
    expect(texts(decide(requestBody({ prompt: 'again', before })).reply)).toBe('Echo: "again". History has 4 messages.');
  });

  it('slow streams one word every 250 ms', () => {
    const reply = decide(requestBody({ prompt: 'slow' })).reply;
    expect(reply).toMatchObject({ kind: 'message', pace: { delayMs: 250 } });
    expect(texts(reply).split(' ')).toHaveLength(40);
  });

  it('api-error and overloaded answer with HTTP errors', () => {
    expect(decide(requestBody({ prompt: 'api-error' })).reply).toMatchObject({ kind: 'error', status: 400, errorType: 'invalid_request_error' });
    expect(decide(requestBody({ prompt: 'overloaded' })).reply).toMatchObject({ kind: 'error', status: 529, errorType: 'overloaded_error' });
  });
});
