/**
 * Builders for realistic Claude Code 2.1.330 transcript lines (see ../shared/reference/claude-cli/README.md §5).
 * Used by the corpus generator and by tests that need fixture transcripts.
 */

/** Small, fast, seeded PRNG (mulberry32): the corpus is byte-for-byte reproducible. */
export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  const hex = (n: number): string => {
    let out = '';
    for (let i = 0; i < n; i++) out += Math.floor(next() * 16).toString(16);
    return out;
  };
  return {
    next,
    int,
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
    chance: (p: number) => next() < p,
    uuid: () => `${hex(8)}-${hex(4)}-4${hex(3)}-${'89ab'[int(0, 3)]}${hex(3)}-${hex(12)}`,
    hex,
  };
}

export interface Random {
  next(): number;
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
  uuid(): string;
  hex(n: number): string;
}

export const WORDS = ['refactor', 'the', 'parser', 'so', 'that', 'it', 'handles', 'unicode', 'tests', 'fail', 'when', 'config', 'is', 'missing',
  'add', 'a', 'button', 'to', 'settings', 'page', 'fix', 'memory', 'leak', 'in', 'worker', 'pool', 'rename', 'function', 'and', 'update',
  'callers', 'database', 'migration', 'index', 'query', 'slow', 'cache', 'invalidate', 'stream', 'error', 'retry', 'timeout', 'log'];

export function sentence(rand: Random, min: number, max: number): string {
  const n = rand.int(min, max);
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push(rand.pick(WORDS));
  return out.join(' ');
}

export function codeLines(rand: Random, n: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push(`${'  '.repeat(rand.int(0, 3))}const ${rand.pick(WORDS)}${i} = ${rand.pick(WORDS)}(${rand.int(0, 999)}); // ${sentence(rand, 2, 6)}`);
  return out;
}

/** Context of one session while its lines are built. */
export interface SessionWriter {
  rand: Random;
  sessionId: string;
  cwd: string;
  /** Milliseconds since epoch of the next line. */
  clock: number;
  /** uuid of the previous line in the main chain. */
  parent: string | null;
  lines: string[];
  messages: number;
}

function tail(w: SessionWriter): Record<string, unknown> {
  return { userType: 'external', entrypoint: 'sdk-cli', cwd: w.cwd, sessionId: w.sessionId, version: '2.1.330', gitBranch: 'main' };
}

function tick(w: SessionWriter): string {
  w.clock += w.rand.int(50, 4000);
  return new Date(w.clock).toISOString();
}

/**
 * Appends a chained line (user, assistant or attachment) and returns its uuid. Keys come in the CLI's own
 * order (parentUuid, isSidechain, then type, message, uuid, timestamp, …; assistants and attachments put
 * their body before `type`).
 */
export function chained(w: SessionWriter, type: 'user' | 'assistant' | 'attachment', body: Record<string, unknown>, options: { sidechain?: { parent: string | null } } = {}): string {
  const uuid = w.rand.uuid();
  const head = { parentUuid: options.sidechain ? options.sidechain.parent : w.parent, isSidechain: Boolean(options.sidechain) };
  const { message, attachment, promptId, ...rest } = body;
  const line = type === 'assistant'
    ? { ...head, message, ...rest, type, uuid, timestamp: tick(w), ...tail(w) }
    : type === 'attachment'
      ? { ...head, attachment, ...rest, type, uuid, timestamp: tick(w), ...tail(w) }
      : { ...head, ...(promptId ? { promptId } : {}), type, message, uuid, timestamp: tick(w), ...rest, ...tail(w) };
  w.lines.push(JSON.stringify(line));
  if (!options.sidechain) w.parent = uuid;
  if (type !== 'attachment') w.messages++;
  return uuid;
}

export function bookkeeping(w: SessionWriter, type: string, body: Record<string, unknown>): void {
  w.lines.push(JSON.stringify({ type, ...body, sessionId: w.sessionId }));
}

export function assistantMessage(w: SessionWriter, content: unknown[]): Record<string, unknown> {
  return {
    message: { id: `msg_${w.rand.hex(12)}`, type: 'message', role: 'assistant', model: 'claude-opus-5-5', content, stop_reason: 'tool_use', usage: { input_tokens: w.rand.int(100, 20000), output_tokens: w.rand.int(5, 800) } },
    requestId: `req_${w.rand.hex(12)}`,
  };
}

export function userPrompt(w: SessionWriter, text: string): void {
  bookkeeping(w, 'queue-operation', { operation: 'enqueue', timestamp: new Date(w.clock).toISOString(), content: text });
  bookkeeping(w, 'queue-operation', { operation: 'dequeue', timestamp: new Date(w.clock).toISOString() });
  chained(w, 'user', { promptId: w.rand.uuid(), message: { role: 'user', content: text }, permissionMode: 'default' });
  chained(w, 'attachment', { attachment: { type: 'environment', content: sentence(w.rand, 20, 60) }, rendered: [sentence(w.rand, 10, 30)], renderedRole: 'user' });
  bookkeeping(w, 'api-request', { request: { model: 'claude-opus-5-5', system: sentence(w.rand, 200, 600), max_tokens: 32000 } });
}

export function toolCycle(w: SessionWriter, name: string, input: Record<string, unknown>, result: string, toolUseResult: unknown, isError = false): void {
  const id = `toolu_${w.rand.hex(16)}`;
  const assistantUuid = chained(w, 'assistant', assistantMessage(w, [{ type: 'tool_use', id, name, input }]));
  chained(w, 'user', {
    message: { role: 'user', content: [{ tool_use_id: id, type: 'tool_result', content: result, ...(isError ? { is_error: true } : {}) }] },
    toolUseResult,
    sourceToolAssistantUUID: assistantUuid,
  });
}
