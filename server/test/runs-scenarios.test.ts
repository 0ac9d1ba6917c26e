import fs from 'node:fs';
import path from 'node:path';
import type { StreamEvent } from '@cui/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeAnthropic, type FakeAnthropic } from '../../fake-model/index';
import { BASH_COMMAND } from '../../fake-model/scenarios/bash';
import { QUESTION_TEXT } from '../../fake-model/scenarios/interactive';
import { SUBAGENT_REPLY } from '../../fake-model/scenarios/subagent';
import { makeRepo } from '../../fake-model/test-support';
import { makeTestDirs, startTestServer, testChildEnv, type TestServer } from './helpers';
import { getJson, openStream, postJson, startOk, toolUses } from './runs-support';

/** Richer conversations through the stream: subagents, thinking, the auto-approving permission modes. */

let fake: FakeAnthropic;
let server: TestServer;
beforeAll(async () => {
  fake = await startFakeAnthropic();
  const dirs = makeTestDirs();
  // The CLI refuses Yolo (bypassPermissions) as root outside a declared sandbox; test machines run as root in one.
  server = await startTestServer({ dirs, childEnv: { ...testChildEnv(dirs, fake.url), IS_SANDBOX: '1' } });
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

const newRepo = (name: string): string => makeRepo(path.join(server.dirs.work, name));

async function runToEnd(body: Record<string, unknown>): Promise<StreamEvent[]> {
  const { streamingId } = await startOk(server, body);
  const stream = await openStream(server, streamingId);
  await stream.ended;
  return stream.events;
}

describe('conversations through the stream', () => {
  it('streams a subagent (sidechain) with its parent tool use id, in Yolo mode without any permission request; details keep it', async () => {
    const { streamingId, sessionId } = await startOk(server, { workingDirectory: newRepo('task'), initialPrompt: 'use a subagent', permissionMode: 'bypassPermissions' });
    const stream = await openStream(server, streamingId);
    await stream.ended;
    const events = stream.events;
    expect(events.find((e) => e.type === 'system_init')).toMatchObject({ permissionMode: 'bypassPermissions' });
    const agentCall = toolUses(events).find((use) => use.name === 'Agent' || use.name === 'Task') as { id?: string } | undefined;
    expect(agentCall?.id).toBeTruthy();
    const sidechain = events.filter((e) => (e.type === 'assistant' || e.type === 'user') && e.parent_tool_use_id === agentCall?.id);
    expect(sidechain.length).toBeGreaterThan(0);
    expect(events.filter((e) => e.type === 'permission_request')).toEqual([]);
    const result = events.find((e) => e.type === 'result');
    expect(result?.type === 'result' && result.result).toContain(SUBAGENT_REPLY);

    // Opened later, the conversation still has the subagent's messages (the CLI keeps them in a file of their own).
    const details = await getJson(server, `/api/conversations/${sessionId}`);
    expect(details.status).toBe(200);
    const messages = details.body.messages as Array<{ isSidechain: boolean; parentToolUseId?: string | null }>;
    const nested = messages.filter((m) => m.isSidechain);
    expect(nested.length).toBeGreaterThan(0);
    expect(nested.every((m) => m.parentToolUseId === agentCall?.id)).toBe(true);
  });

  it('streams thinking and markdown content blocks', async () => {
    const events = await runToEnd({ workingDirectory: newRepo('markdown'), initialPrompt: 'show markdown' });
    const blocks = events.flatMap((e) => (e.type === 'assistant' && Array.isArray(e.message.content) ? e.message.content : []));
    expect(blocks.map((b) => b.type)).toEqual(expect.arrayContaining(['thinking', 'text']));
  });

  it('runs Write without asking in Auto (acceptEdits) mode, and Bash without asking in Yolo mode', async () => {
    const writeRepo = newRepo('auto');
    const auto = await runToEnd({ workingDirectory: writeRepo, initialPrompt: 'write the file', permissionMode: 'acceptEdits' });
    expect(auto.filter((e) => e.type === 'permission_request')).toEqual([]);
    expect(fs.existsSync(path.join(writeRepo, 'new.txt'))).toBe(true);
    const bashRepo = newRepo('yolo');
    const yolo = await runToEnd({ workingDirectory: bashRepo, initialPrompt: 'run bash', permissionMode: 'bypassPermissions' });
    expect(toolUses(yolo).map((use) => use.input.command)).toContain(BASH_COMMAND);
    expect(yolo.filter((e) => e.type === 'permission_request')).toEqual([]);
    expect(fs.readFileSync(path.join(bashRepo, 'bash_out.txt'), 'utf8')).toBe('from-bash\n');
  });

  it('still asks AskUserQuestion in Yolo mode (canUseTool stays wired despite the SDK warning)', async () => {
    const { streamingId } = await startOk(server, { workingDirectory: newRepo('yolo-question'), initialPrompt: 'ask me a question', permissionMode: 'bypassPermissions' });
    const stream = await openStream(server, streamingId);
    const request = await stream.next((e) => e.type === 'permission_request');
    expect(request).toMatchObject({ data: { toolName: 'AskUserQuestion', status: 'pending' } });
    if (request.type !== 'permission_request') return;
    await postJson(server, `/api/permissions/${request.data.id}/decision`, { action: 'approve', modifiedInput: { answers: { [QUESTION_TEXT]: 'hello world' } } });
    await stream.ended;
    expect(stream.events.at(-1)).toMatchObject({ type: 'closed', reason: 'completed' });
  });

  it('logged every CLI message as valid: none skipped for not matching the contract', async () => {
    const { body } = await getJson(server, '/api/logs/recent?limit=1000');
    const logs = (body.logs as string[]).map((line) => JSON.parse(line) as { msg?: string; component?: string });
    expect(logs.filter((entry) => entry.msg?.includes('does not match the contract') || entry.msg?.includes('not JSON'))).toEqual([]);
    expect(logs.some((entry) => entry.component === 'runs' && entry.msg === 'run exited')).toBe(true);
  });
});
