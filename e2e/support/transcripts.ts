import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { E2eDirs } from './launch-env';

/** One API content block as the CLI stores it (text, tool_use, tool_result, thinking, …). */
export type ContentBlock = { type: string } & Record<string, unknown>;

export interface SeedMessage {
  role: 'user' | 'assistant';
  /** A string (plain user prompt) or content blocks; assistant blocks are written one line each, as the CLI does. */
  content: string | ContentBlock[];
  /** ISO time; defaults to `startTime` plus one second per message. */
  timestamp?: string;
}

export interface SeedTranscript {
  /** The CLI's session id (a UUID). */
  sessionId: string;
  /** Working directory the session ran in (also names the project directory). */
  cwd: string;
  messages: SeedMessage[];
  /** Time of the first line; default now minus one hour. */
  startTime?: Date;
  model?: string;
  permissionMode?: string;
  gitBranch?: string;
  version?: string;
}

/** The CLI's project directory name for a cwd: every non-alphanumeric character becomes '-'. */
export function projectDirName(cwd: string): string {
  return cwd.replace(/[^a-zA-Z0-9]/g, '-');
}

export function transcriptPath(dirs: Pick<E2eDirs, 'claudeConfigDir'>, seed: Pick<SeedTranscript, 'cwd' | 'sessionId'>): string {
  return path.join(dirs.claudeConfigDir, 'projects', projectDirName(seed.cwd), `${seed.sessionId}.jsonl`);
}

function firstPrompt(messages: SeedMessage[]): string {
  const first = messages.find((message) => message.role === 'user');
  if (!first) return '';
  if (typeof first.content === 'string') return first.content;
  const text = first.content.find((block) => block.type === 'text');
  return typeof text?.text === 'string' ? text.text : '';
}

/** CLI-format JSONL lines for a seeded session (shape of the recorded transcript-fix-acceptEdits.jsonl). */
export function transcriptLines(seed: SeedTranscript): Record<string, unknown>[] {
  const start = (seed.startTime ?? new Date(Date.now() - 3_600_000)).getTime();
  const common = { userType: 'external', entrypoint: 'sdk-cli', cwd: seed.cwd, sessionId: seed.sessionId, version: seed.version ?? '2.1.330', gitBranch: seed.gitBranch ?? 'main' };
  const model = seed.model ?? 'claude-opus-5-5';
  const prompt = firstPrompt(seed.messages);
  const lines: Record<string, unknown>[] = [
    { type: 'queue-operation', operation: 'enqueue', timestamp: new Date(start).toISOString(), sessionId: seed.sessionId, content: prompt },
    { type: 'queue-operation', operation: 'dequeue', timestamp: new Date(start).toISOString(), sessionId: seed.sessionId },
  ];
  let parentUuid: string | null = null;
  seed.messages.forEach((message, index) => {
    const timestamp = message.timestamp ?? new Date(start + (index + 1) * 1000).toISOString();
    if (message.role === 'user') {
      const uuid = randomUUID();
      lines.push({ parentUuid, isSidechain: false, type: 'user', message: { role: 'user', content: message.content }, uuid, timestamp, permissionMode: seed.permissionMode ?? 'default', ...common });
      parentUuid = uuid;
      return;
    }
    const blocks: ContentBlock[] = typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : message.content;
    const id = `msg_seed${index}`;
    for (const block of blocks) {
      const uuid = randomUUID();
      const apiMessage = { id, type: 'message', role: 'assistant', model, content: [block], stop_reason: block.type === 'tool_use' ? 'tool_use' : 'end_turn', stop_sequence: null, usage: { input_tokens: 10, output_tokens: 5 } };
      lines.push({ parentUuid, isSidechain: false, type: 'assistant', message: apiMessage, requestId: `req_seed${index}`, uuid, timestamp, ...common });
      parentUuid = uuid;
    }
  });
  lines.push({ type: 'last-prompt', lastPrompt: prompt, leafUuid: parentUuid, sessionId: seed.sessionId });
  return lines;
}

/** Writes each transcript; a relative `cwd` becomes a (created) directory under `dirs.work`. */
export function seedTranscripts(dirs: Pick<E2eDirs, 'claudeConfigDir' | 'work'>, seeds: SeedTranscript[]): string[] {
  return seeds.map((seed) => {
    const cwd = path.isAbsolute(seed.cwd) ? seed.cwd : path.join(dirs.work, seed.cwd);
    fs.mkdirSync(cwd, { recursive: true });
    return writeTranscript(dirs, { ...seed, cwd });
  });
}

/**
 * Writes a session transcript where the CLI would: CLAUDE_CONFIG_DIR/projects/<cwd as dir name>/<sessionId>.jsonl.
 * Returns the file path. Before the server starts use `test.use({ transcripts })`; later writes rely on the server noticing the file.
 */
export function writeTranscript(dirs: Pick<E2eDirs, 'claudeConfigDir'>, seed: SeedTranscript): string {
  const file = transcriptPath(dirs, seed);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, transcriptLines(seed).map((line) => JSON.stringify(line)).join('\n') + '\n');
  return file;
}
