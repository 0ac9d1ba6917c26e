import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** Test-only helpers: request bodies shaped like CLI 2.1.330's, and spawning the real bundled CLI. */

export const CLAUDE_BIN = path.resolve(import.meta.dirname, '../node_modules/@anthropic-ai/claude-agent-sdk-linux-x64/claude');

export const CLI_TOOLS = ['Agent', 'Bash', 'Edit', 'ListAgents', 'Read', 'ReportFindings', 'ScheduleWakeup', 'Skill', 'ToolSearch', 'Workflow', 'DeferredToolPlaceholder', 'Write'];

type Message = { role: string; content: unknown };

export interface BodyOptions {
  prompt: string;
  cwd?: string;
  tools?: string[];
  deferred?: string[];
  /** Messages after the prompt (assistant turns and tool results). */
  after?: Message[];
  /** Messages before the prompt (an earlier exchange). */
  before?: Message[];
  system?: string;
  /** Extra text in the role:"system" environment message (e.g. plan-mode instructions). */
  notes?: string;
  stream?: boolean;
}

/** A request body laid out like the CLI's: reminders + prompt, a role:"system" environment message, then the turns. */
export function requestBody(options: BodyOptions): Record<string, unknown> {
  const environment = [
    `# Environment\n - Primary working directory: ${options.cwd ?? '/tmp/repo'}\n - Platform: linux`,
    options.deferred ? `The following deferred tools are now available via ToolSearch. Use ToolSearch:\n${options.deferred.join('\n')}` : '',
    options.notes ?? '',
  ].join('\n\n');
  return {
    model: 'claude-opus-5-5',
    max_tokens: 128000,
    stream: options.stream ?? true,
    system: [{ type: 'text', text: options.system ?? 'You are a Claude agent, built on Anthropic\'s Claude Agent SDK.' }],
    tools: (options.tools ?? CLI_TOOLS).map((name) => ({ name, description: name, input_schema: { type: 'object' } })),
    messages: [
      ...(options.before ?? []),
      { role: 'user', content: [{ type: 'text', text: '<system-reminder>\ngit status: clean\n</system-reminder>' }, { type: 'text', text: options.prompt }] },
      ...(options.before ? [] : [{ role: 'system', content: environment }]),
      ...(options.after ?? []),
    ],
  };
}

let toolIds = 0;

/** An assistant turn calling `name`, followed by the user's tool_result. */
export function toolTurn(name: string, input: Record<string, unknown>, result: string, isError = false): Message[] {
  toolIds += 1;
  const id = `toolu_test${toolIds}`;
  return [
    { role: 'assistant', content: [{ type: 'text', text: 'Working.' }, { type: 'tool_use', id, name, input }] },
    { role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content: result, ...(isError ? { is_error: true } : {}) }] },
  ];
}

/** A scratch git repository with hello.txt = 'helo wrld'. */
export function makeRepo(dir: string): string {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'hello.txt'), 'helo wrld\n');
  const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.invalid', ...args], { cwd: dir, stdio: 'ignore' });
  git('init', '-q');
  git('add', 'hello.txt');
  git('commit', '-q', '-m', 'init');
  return dir;
}

export type CliEvent = Record<string, unknown> & { type: string; subtype?: string };

export interface ClaudeRun {
  pid: number;
  events: CliEvent[];
  stderr: () => string;
  /** Calls `listener` for every later stdout event. */
  onEvent(listener: (event: CliEvent) => void): void;
  /** Writes one NDJSON line to the CLI's stdin (only with `stdin: true`). */
  send(message: unknown): void;
  /** Closes stdin (the CLI exits after its last result in stream-json input mode). */
  endInput(): void;
  /** Resolves when the CLI exits. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGKILLs the CLI's whole process group (it runs in its own); harmless when already gone. */
  kill(): void;
}

export interface SpawnOptions {
  cwd: string;
  env: Record<string, string | undefined>;
  args: string[];
  /** Keep stdin open for `--input-format stream-json` (the stdio control protocol). */
  stdin?: boolean;
}

export function spawnClaude(options: SpawnOptions): ClaudeRun {
  const child = spawn(CLAUDE_BIN, ['--output-format', 'stream-json', '--verbose', ...options.args], {
    cwd: options.cwd,
    env: { PATH: process.env.PATH, ...options.env },
    stdio: [options.stdin ? 'pipe' : 'ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const events: CliEvent[] = [];
  const listeners: ((event: CliEvent) => void)[] = [];
  let buffered = '';
  let stderr = '';
  if (!child.stdout || !child.stderr) throw new Error('spawned without stdout/stderr pipes');
  child.stdout.setEncoding('utf8').on('data', (data: string) => {
    buffered += data;
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines.filter((candidate) => candidate.trim())) {
      const event = JSON.parse(line) as CliEvent;
      events.push(event);
      for (const listener of listeners) listener(event);
    }
  });
  child.stderr.setEncoding('utf8').on('data', (data: string) => (stderr += data));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('close', (code, signal) => resolve({ code, signal })));
  const pid = child.pid;
  if (pid === undefined) throw new Error(`could not spawn ${CLAUDE_BIN}`);
  return {
    pid,
    events,
    stderr: () => stderr,
    onEvent: (listener) => listeners.push(listener),
    send: (message) => child.stdin?.write(`${JSON.stringify(message)}\n`),
    endInput: () => child.stdin?.end(),
    exited,
    kill: () => {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        // Deliberate: ESRCH means the group is already gone, which is the goal.
      }
    },
  };
}

/** A stream-json user message for `--input-format stream-json`. */
export const userMessage = (text: string) => ({ type: 'user', session_id: '', message: { role: 'user', content: [{ type: 'text', text }] }, parent_tool_use_id: null });

/** Answers every `can_use_tool` control request with allow (merging `extraInput`), and ends input after the result. */
export function autoAllow(run: ClaudeRun, extraInput: Record<string, unknown> = {}): void {
  run.onEvent((event) => {
    const request = event.request as { subtype?: string; input?: Record<string, unknown>; tool_use_id?: string } | undefined;
    if (event.type === 'control_request' && request?.subtype === 'can_use_tool') {
      const response = { behavior: 'allow', updatedInput: { ...request.input, ...extraInput }, toolUseID: request.tool_use_id };
      run.send({ type: 'control_response', response: { subtype: 'success', request_id: event.request_id, response } });
    }
    if (event.type === 'result') run.endInput();
  });
}

export const resultOf = (run: { events: CliEvent[] }): CliEvent | undefined => run.events.find((event) => event.type === 'result');

/** Whether a process with this pid still exists. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
