import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConversationDetails } from '@cui/contract';
import type { ChunkSink } from './conversation-details';
import { readConversationWindow, type WindowRequest } from './conversation-window';

const base = { timestamp: '2026-01-01T00:00:00.000Z', cwd: '/w', sessionId: 'c0ffee00-0000-4000-8000-000000000002' };
const user = (uuid: string, parentUuid: string | null, content: unknown) => ({ parentUuid, isSidechain: false, ...base, type: 'user', uuid, message: { role: 'user', content } });
const assistant = (uuid: string, parentUuid: string, content: unknown[]) => ({ parentUuid, isSidechain: false, ...base, type: 'assistant', uuid, message: { role: 'assistant', content } });

function writeSession(main: object[], agents: Record<string, object[]> = {}): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cui-window-'));
  const file = path.join(dir, `${base.sessionId}.jsonl`);
  fs.writeFileSync(file, main.map((l) => `${JSON.stringify(l)}\n`).join(''));
  for (const [name, lines] of Object.entries(agents)) {
    fs.mkdirSync(path.join(dir, base.sessionId, 'subagents'), { recursive: true });
    fs.writeFileSync(path.join(dir, base.sessionId, 'subagents', name), lines.map((l) => `${JSON.stringify(l)}\n`).join(''));
  }
  return file;
}

async function windowOf(file: string, request: WindowRequest): Promise<ConversationDetails> {
  const chunks: Buffer[] = [];
  const sink: ChunkSink = async (chunk) => void chunks.push(Buffer.from(chunk));
  await (await readConversationWindow(file, undefined, request)).write(sink);
  return ConversationDetails.parse(JSON.parse(Buffer.concat(chunks).toString()));
}

describe('readConversationWindow', () => {
  const main = [
    user('u1', null, 'Explore the repo'),
    { type: 'attachment', uuid: 'att', parentUuid: 'u1', ...base },
    assistant('a1', 'att', [{ type: 'tool_use', id: 'toolu_A', name: 'Agent', input: { prompt: 'List the modules' } }]),
    user('r1', 'a1', [{ type: 'tool_result', tool_use_id: 'toolu_A', content: 'three modules' }]),
    user('u2', 'r1', 'Thanks'),
    assistant('a2', 'u2', [{ type: 'text', text: 'You are welcome' }]),
  ];
  const agent = [
    { parentUuid: null, isSidechain: true, agentId: 'a1b2', ...base, type: 'user', uuid: 's1', message: { role: 'user', content: 'List the modules' } },
    { parentUuid: 's1', isSidechain: true, agentId: 'a1b2', ...base, type: 'assistant', uuid: 's2', message: { role: 'assistant', content: [{ type: 'text', text: 'a, b, c' }] } },
  ];

  it('returns the newest messages, then the older ones from the cursor, down to a null cursor', async () => {
    const file = writeSession(main, { 'agent-a1b2.jsonl': agent });
    const newest = await windowOf(file, { limit: 2 });
    expect(newest.messages.map((m) => m.uuid)).toEqual(['u2', 'a2']);
    // The window's first message keeps its parent from the older window.
    expect(newest.messages[0]?.parentUuid).toBe('r1');
    expect(newest.window?.before).toBeGreaterThan(0);
    const older = await windowOf(file, { limit: 2, before: newest.window?.before as number });
    // The Task call's subagent transcript comes with the window that holds the call. a1's parent (a hidden
    // attachment) lies in the older window: it is kept as written, not bridged to u1 as the whole details do.
    expect(older.messages.map((m) => [m.uuid, m.parentUuid, m.parentToolUseId ?? null])).toEqual([
      ['a1', 'att', null], ['r1', 'a1', null], ['s1', null, 'toolu_A'], ['s2', 's1', 'toolu_A'],
    ]);
    const oldest = await windowOf(file, { limit: 2, before: older.window?.before as number });
    expect(oldest.messages.map((m) => m.uuid)).toEqual(['u1']);
    expect(oldest.window).toEqual({ before: null });
    expect(oldest.summary).toBe('Explore the repo');
  });

  it('leaves subagent transcripts out of windows without their Task call', async () => {
    const file = writeSession(main, { 'agent-a1b2.jsonl': agent });
    const newest = await windowOf(file, { limit: 3 });
    expect(newest.messages.map((m) => m.uuid)).toEqual(['r1', 'u2', 'a2']);
  });
});
