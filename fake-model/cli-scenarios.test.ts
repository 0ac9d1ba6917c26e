import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestDirs, testChildEnv } from '../server/test/helpers';
import { startFakeAnthropic, type FakeAnthropic } from './index';
import { PLAN_MARKDOWN, QUESTION_TEXT } from './scenarios/interactive';
import { SUBAGENT_MARKER, SUBAGENT_REPLY } from './scenarios/subagent';
import { TODOS } from './scenarios/todo';
import { autoAllow, makeRepo, resultOf, spawnClaude, userMessage, type ClaudeRun, type CliEvent, type SpawnOptions } from './test-support';

/** The richer scenarios through the real pinned CLI: todo, subagent, compact, retries, questions and plans. */

let fake: FakeAnthropic;
beforeAll(async () => {
  fake = await startFakeAnthropic();
});
const scratchRoots: string[] = [];
afterAll(async () => {
  await fake.close();
  for (const root of scratchRoots) fs.rmSync(root, { recursive: true, force: true });
});

function scratch(extraEnv: Record<string, string> = {}) {
  const dirs = makeTestDirs('cui-fake-cli-');
  scratchRoots.push(dirs.root);
  return { repo: makeRepo(path.join(dirs.work, 'repo')), env: { ...testChildEnv(dirs, fake.url), ...extraEnv } };
}

/** Spawns, lets `drive` interact, waits for exit (60 s test cap) and always kills the process group. */
async function run(options: SpawnOptions, drive: (run: ClaudeRun) => void = () => {}): Promise<{ events: CliEvent[]; code: number | null }> {
  const child = spawnClaude(options);
  try {
    drive(child);
    const { code } = await child.exited;
    return { events: child.events, code };
  } finally {
    child.kill();
  }
}

const toolUses = (events: CliEvent[]) =>
  events.flatMap((event) => {
    const content = (event.message as { content?: unknown } | undefined)?.content;
    const blocks = event.type === 'assistant' && Array.isArray(content) ? (content as { type: string; name?: string; input?: Record<string, unknown> }[]) : [];
    return blocks.filter((block) => block.type === 'tool_use').map((block) => ({ name: block.name, input: block.input, parent: event.parent_tool_use_id }));
  });

describe('real CLI: richer scenarios', () => {
  it('todo: TodoWrite is loaded through ToolSearch and called when the CLI enables todo tools', async () => {
    const s = scratch({ CLAUDE_CODE_ENABLE_TODO_TOOLS: '1', CLAUDE_CODE_ENABLE_TASKS: '0' });
    const { events, code } = await run({ cwd: s.repo, env: s.env, args: ['-p', 'make a todo list'] });
    expect(code).toBe(0);
    expect(toolUses(events).map((use) => use.name)).toEqual(['ToolSearch', 'TodoWrite']);
    expect(toolUses(events)[1]?.input).toEqual({ todos: TODOS });
    expect(String(resultOf({ events })?.result)).toContain('Todos have been modified successfully');
  });

  it('task: the Agent tool runs a sidechain subagent whose tool calls carry the parent tool id', async () => {
    const s = scratch();
    const { events, code } = await run({ cwd: s.repo, env: s.env, args: ['-p', 'use a subagent', '--permission-mode', 'acceptEdits'] });
    expect(code).toBe(0);
    const [agent, read] = toolUses(events);
    expect(agent?.name).toBe('Agent');
    expect(read).toMatchObject({ name: 'Read', parent: expect.stringMatching(/^toolu_/) });
    expect(fake.requests.some((request) => request.scenario === 'subagent-child' && request.lastUserText?.includes(SUBAGENT_MARKER))).toBe(true);
    expect(resultOf({ events })?.result).toBe(`The subagent finished. It said: ${SUBAGENT_REPLY}`);
  });

  it('compact: /compact on a resumed session gets the analysis/summary reply', async () => {
    const s = scratch();
    const first = await run({ cwd: s.repo, env: s.env, args: ['-p', 'hello before compact'] });
    const sessionId = String(resultOf(first)?.session_id);
    const compacted = await run({ cwd: s.repo, env: s.env, args: ['-p', '/compact', '--resume', sessionId] });
    expect(compacted.code).toBe(0);
    expect(compacted.events.some((event) => event.type === 'system' && event.subtype === 'compact_boundary')).toBe(true);
    expect(fake.requests.some((request) => request.scenario === 'compact')).toBe(true);
  });

  it('overloaded: the CLI reports a retry, then an error result', async () => {
    const s = scratch({ CLAUDE_CODE_MAX_RETRIES: '1' });
    const { events, code } = await run({ cwd: s.repo, env: s.env, args: ['-p', 'overloaded now'] });
    expect(code).toBe(1);
    expect(events.some((event) => event.type === 'system' && event.subtype === 'api_retry' && event.error_status === 529)).toBe(true);
    expect(resultOf({ events })).toMatchObject({ is_error: true });
  });
});

describe('real CLI over the stdio control protocol', () => {
  const stdioArgs = (mode: string) => ['--input-format', 'stream-json', '--permission-prompt-tool=stdio', `--permission-mode=${mode}`];

  it('question: AskUserQuestion goes through can_use_tool and the answer reaches the model', async () => {
    const s = scratch();
    const answers = { [QUESTION_TEXT]: 'hi there' };
    const { events, code } = await run({ cwd: s.repo, env: s.env, args: stdioArgs('default'), stdin: true }, (child) => {
      autoAllow(child, { answers });
      child.send(userMessage('ask me a question'));
    });
    expect(code).toBe(0);
    expect(events.some((event) => event.type === 'control_request' && (event.request as { tool_name?: string }).tool_name === 'AskUserQuestion')).toBe(true);
    expect(String(resultOf({ events })?.result)).toContain('"hi there"');
  });

  it('plan: in plan mode the plan file is written and ExitPlanMode asks approval with the plan', async () => {
    const s = scratch();
    const { events, code } = await run({ cwd: s.repo, env: s.env, args: stdioArgs('plan'), stdin: true }, (child) => {
      autoAllow(child);
      child.send(userMessage('make a plan'));
    });
    expect(code).toBe(0);
    const approval = events.find((event) => event.type === 'control_request' && (event.request as { tool_name?: string }).tool_name === 'ExitPlanMode');
    expect((approval?.request as { input: { plan: string } }).input.plan.trim()).toBe(PLAN_MARKDOWN);
    expect(String(resultOf({ events })?.result)).toContain('approved your plan');
  });
});

describe('real CLI: interrupting and parallel sessions', () => {
  it('slow: partial messages arrive word by word, an interrupt ends the turn, and the session takes the next prompt', async () => {
    const s = scratch();
    const args = ['--input-format', 'stream-json', '--permission-prompt-tool=stdio', '--include-partial-messages'];
    const deltaTimes: number[] = [];
    const { events, code } = await run({ cwd: s.repo, env: s.env, args, stdin: true }, (child) => {
      let results = 0;
      child.onEvent((event) => {
        const delta = (event.event as { delta?: { type?: string } } | undefined)?.delta;
        if (event.type === 'stream_event' && delta?.type === 'text_delta') {
          deltaTimes.push(Date.now());
          if (deltaTimes.length === 3) child.send({ type: 'control_request', request_id: 'int-1', request: { subtype: 'interrupt' } });
        }
        if (event.type !== 'result') return;
        results += 1;
        if (results === 1) child.send(userMessage('hello after the interrupt'));
        else child.endInput();
      });
      child.send(userMessage('be slow please'));
    });
    expect(code).toBe(0);
    expect((deltaTimes[2] ?? 0) - (deltaTimes[0] ?? 0)).toBeGreaterThanOrEqual(400);
    const results = events.filter((event) => event.type === 'result');
    expect(results[0]).toMatchObject({ subtype: 'error_during_execution', is_error: true });
    expect(String(results[1]?.result)).toContain('Echo: "hello after the interrupt"');
    expect(fake.requests.find((request) => request.lastUserText === 'be slow please')?.closedEarly).toBe(true);
  });

  it('three sessions at once each get their own scripted steps', async () => {
    const sessions = [scratch(), scratch(), scratch()];
    const outcomes = await Promise.all(sessions.map((s) => run({ cwd: s.repo, env: s.env, args: ['-p', 'fix the typo', '--permission-mode', 'acceptEdits'] })));
    expect(outcomes.map((outcome) => outcome.code)).toEqual([0, 0, 0]);
    for (const s of sessions) expect(fs.readFileSync(path.join(s.repo, 'hello.txt'), 'utf8')).toBe('hello world\n');
  });
});
