import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pickScenario, readConversation } from './index';
import { BASH_COMMAND } from './scenarios/bash';
import { NEW_FILE_CONTENT } from './scenarios/files';
import { PLAN_MARKDOWN, QUESTION_TEXT } from './scenarios/interactive';
import { SUBAGENT_MARKER, SUBAGENT_REPLY } from './scenarios/subagent';
import { CLI_TOOLS, requestBody, toolTurn } from './test-support';
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

  it('keeps spaces in the working directory', () => {
    expect(readConversation(requestBody({ prompt: 'x', cwd: '/tmp/my repo (copy)' }), 0).cwd).toBe('/tmp/my repo (copy)');
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

describe('subagent, question, plan, markdown and compact scenarios', () => {
  it('task launches a foreground subagent whose requests are recognised by the marker', () => {
    const parent = decide(requestBody({ prompt: 'use a subagent' }));
    const [agent] = toolUses(parent.reply);
    expect(agent).toMatchObject({ name: 'Agent', input: { subagent_type: 'general-purpose', run_in_background: false } });
    const childPrompt = String(agent?.input.prompt);
    expect(childPrompt).toContain(SUBAGENT_MARKER);
    const child = decide(requestBody({ prompt: childPrompt, cwd: '/r', system: 'cc_is_subagent=true' }));
    expect(child.scenario).toBe('subagent-child');
    expect(toolUses(child.reply)[0]).toMatchObject({ name: 'Read', input: { file_path: '/r/hello.txt' } });
    const childDone = decide(requestBody({ prompt: childPrompt, after: toolTurn('Read', {}, '1\thelo') }));
    expect(texts(childDone.reply)).toBe(SUBAGENT_REPLY);
    const handBack = `[Subagent hand-back] frame text\n  ${SUBAGENT_REPLY}\nagentId: a1`;
    const parentDone = decide(requestBody({ prompt: 'use a subagent', after: toolTurn('Agent', {}, handBack) }));
    expect(texts(parentDone.reply)).toBe(`The subagent finished. It said: ${SUBAGENT_REPLY}`);
  });

  it('recognises a subagent by the CLI billing header even without the marker', () => {
    const system = 'x-anthropic-billing-header: cc_version=2.1.330.6b7; cc_entrypoint=sdk-cli; cc_is_subagent=true;';
    expect(decide(requestBody({ prompt: 'fix things in a subagent', system })).scenario).toBe('subagent-child');
  });

  it('question asks through AskUserQuestion only when it is offered, then echoes the answer', () => {
    expect(toolUses(decide(requestBody({ prompt: 'ask me a question' })).reply)).toEqual([]);
    const tools = [...CLI_TOOLS, 'AskUserQuestion'];
    const [ask] = toolUses(decide(requestBody({ prompt: 'ask me a question', tools })).reply);
    expect(ask).toMatchObject({ name: 'AskUserQuestion', input: { questions: [{ question: QUESTION_TEXT }] } });
    const answered = toolTurn('AskUserQuestion', {}, `"${QUESTION_TEXT}"="hi there"`);
    expect(texts(decide(requestBody({ prompt: 'ask me a question', tools, after: answered })).reply)).toContain('"hi there"');
  });

  it('plan writes the plan file named by plan mode, loads ExitPlanMode, then calls it', () => {
    const planFile = '/h/.claude/plans/p.md';
    const body = (after: ReturnType<typeof toolTurn>, tools = CLI_TOOLS) =>
      requestBody({ prompt: 'make a plan', tools, deferred: ['ExitPlanMode'], after, notes: `You should create your plan at ${planFile} using the Write tool.` });
    expect(toolUses(decide(body([])).reply)[0]).toMatchObject({ name: 'Write', input: { file_path: planFile } });
    const written = toolTurn('Write', {}, 'File created');
    expect(toolUses(decide(body(written)).reply)[0]).toMatchObject({ name: 'ToolSearch', input: { query: 'select:ExitPlanMode' } });
    const loaded = [...written, ...toolTurn('ToolSearch', { query: 'select:ExitPlanMode' }, '')];
    expect(toolUses(decide(body(loaded, [...CLI_TOOLS, 'ExitPlanMode'])).reply)[0]).toMatchObject({ name: 'ExitPlanMode', input: { plan: PLAN_MARKDOWN } });
  });

  it('plan without a plan file or a loadable ExitPlanMode says the tool is missing', () => {
    expect(texts(decide(requestBody({ prompt: 'plan it' })).reply)).toContain('ExitPlanMode tool is not available');
  });

  it('markdown starts with a thinking block', () => {
    const reply = decide(requestBody({ prompt: 'long answer please' })).reply;
    expect(reply.kind === 'message' && reply.blocks.map((block) => block.type)).toEqual(['thinking', 'text']);
    expect(texts(reply)).toContain('```ts');
  });

  it('compact answers with analysis and summary even though tools are offered', () => {
    const prompt = 'CRITICAL: Respond with TEXT ONLY. Do NOT call any tools. Please fix and write a summary.';
    const { scenario, reply } = decide(requestBody({ prompt }));
    expect(scenario).toBe('compact');
    expect(texts(reply)).toMatch(/<analysis>[\s\S]*<\/analysis>\s*<summary>[\s\S]*<\/summary>/);
  });
});
