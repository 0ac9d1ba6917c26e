import fs from 'node:fs';
import path from 'node:path';
import { McpCommandResponse, McpServersResponse } from '@cui/contract';
import { describe, expect, it } from 'vitest';
import { waitFor } from './helpers';
import { getJson, openStream, postJson, startOk, useRunServer } from './runs-support';

/**
 * Issue 26 points 5-6 with the real CLI and the fake model: a tiny stdio MCP server added with the CLI's own
 * `claude mcp add`, its live status and toggles, the context breakdown, a budget cap and a background task's stop.
 */

const ctx = useRunServer();
const TINY = path.resolve(import.meta.dirname, '../../fake-model/tiny-mcp.mjs');

const userConfig = (): { mcpServers?: Record<string, unknown> } => JSON.parse(fs.readFileSync(path.join(ctx.server.dirs.claudeConfigDir, '.claude.json'), 'utf8'));

async function servers(sessionId: string): Promise<McpServersResponse> {
  const { status, body } = await getJson(ctx.server, `/api/conversations/${sessionId}/mcp`);
  expect(status).toBe(200);
  return McpServersResponse.parse(body);
}

const tinyStatus = async (sessionId: string) => (await servers(sessionId)).servers.find((s) => s.name === 'tiny')?.status;

describe('MCP servers of a conversation', () => {
  it('adds the double with `claude mcp add`, shows it connected, disabled, connected, then removes it', async () => {
    const repo = ctx.newRepo('mcp');
    // A first conversation: the server is added in its folder while its reply is held.
    const first = await startOk(ctx.server, { workingDirectory: repo, initialPrompt: '[gate:mcp-a] hello' });
    await ctx.fake.gates.whenHeld('mcp-a');
    expect(await servers(first.sessionId)).toMatchObject({ live: true });
    const untrusted = await postJson(ctx.server, `/api/conversations/${first.sessionId}/mcp-config/add`, { name: 'tiny', scope: 'project', command: process.execPath, args: [TINY] });
    expect(untrusted).toMatchObject({ status: 403, body: { code: 'mcp.untrusted_folder' } });
    const added = await postJson(ctx.server, `/api/conversations/${first.sessionId}/mcp-config/add`, { name: 'tiny', scope: 'user', command: process.execPath, args: [TINY] });
    expect(added.status).toBe(200);
    expect(McpCommandResponse.parse(added.body).command).toEqual(['mcp', 'add', 'tiny', '--scope', 'user', '--', process.execPath, TINY]);
    expect(userConfig().mcpServers?.tiny).toMatchObject({ command: process.execPath, args: [TINY] });
    ctx.fake.gates.release('mcp-a');

    // A second conversation's CLI loads it.
    const second = await startOk(ctx.server, { workingDirectory: repo, initialPrompt: '[gate:mcp-b] hello' });
    await ctx.fake.gates.whenHeld('mcp-b');
    await waitFor(async () => (await tinyStatus(second.sessionId)) === 'connected', { message: 'tiny connected' });
    const listed = (await servers(second.sessionId)).servers.find((s) => s.name === 'tiny');
    expect(listed).toMatchObject({ scope: 'user', tools: [expect.objectContaining({ name: expect.stringContaining('ping') })] });

    const off = await postJson(ctx.server, `/api/conversations/${second.sessionId}/mcp/tiny/enabled`, { enabled: false });
    expect(off.status).toBe(200);
    expect(McpServersResponse.parse(off.body).servers.find((s) => s.name === 'tiny')?.status).toBe('disabled');
    const on = await postJson(ctx.server, `/api/conversations/${second.sessionId}/mcp/tiny/enabled`, { enabled: true });
    expect(McpServersResponse.parse(on.body).servers.find((s) => s.name === 'tiny')?.status).toBe('connected');
    const reconnected = await postJson(ctx.server, `/api/conversations/${second.sessionId}/mcp/tiny/reconnect`);
    expect(reconnected.status).toBe(200);
    const unknown = await postJson(ctx.server, `/api/conversations/${second.sessionId}/mcp/nope/enabled`, { enabled: false });
    expect(unknown).toMatchObject({ status: 502, body: { code: 'mcp.failed' } });

    const context = await getJson(ctx.server, `/api/conversations/${second.sessionId}/context`);
    expect(context.status).toBe(200);
    const ids = (context.body.categories as { id?: string }[]).map((c) => c.id);
    expect(ids).toEqual(expect.arrayContaining(['system_prompt', 'system_tools', 'messages']));
    expect(context.body.mcpTools).toEqual(expect.arrayContaining([expect.objectContaining({ serverName: 'tiny' })]));

    const removed = await postJson(ctx.server, `/api/conversations/${second.sessionId}/mcp-config/remove`, { name: 'tiny', scope: 'user' });
    expect(removed.status).toBe(200);
    expect(userConfig().mcpServers?.tiny).toBeUndefined();
    ctx.fake.gates.release('mcp-b');
  });

  it('answers run.not_live for live controls of a conversation no run works', async () => {
    const repo = ctx.newRepo('mcp-idle');
    const run = await startOk(ctx.server, { workingDirectory: repo, initialPrompt: 'hello' });
    const stream = await openStream(ctx.server, run.streamingId);
    await stream.ended;
    expect(await servers(run.sessionId)).toMatchObject({ live: false, servers: [] });
    const toggled = await postJson(ctx.server, `/api/conversations/${run.sessionId}/mcp/tiny/enabled`, { enabled: false });
    expect(toggled).toMatchObject({ status: 409, body: { code: 'run.not_live' } });
  });
});

describe('budget and background tasks', () => {
  it('stops a run once its budget cap is reached, saying so', async () => {
    const run = await startOk(ctx.server, { workingDirectory: ctx.newRepo('budget'), initialPrompt: 'markdown please', maxBudgetUsd: 0.0001 });
    const stream = await openStream(ctx.server, run.streamingId);
    await stream.ended;
    const result = stream.events.find((e) => e.type === 'result');
    expect(result).toMatchObject({ subtype: 'error_max_budget_usd', is_error: true, result: expect.stringContaining('Budget cap of $0.0001 reached') });
    expect(stream.events.at(-1)).toMatchObject({ type: 'closed', reason: 'error' });
  });

  it('lists a background shell command and stops it on request', async () => {
    const run = await startOk(ctx.server, { workingDirectory: ctx.newRepo('background'), initialPrompt: '[gate:bg] background' });
    const stream = await openStream(ctx.server, run.streamingId);
    await ctx.fake.gates.whenHeld('bg', 0);
    ctx.fake.gates.release('bg', 0);
    const request = await stream.next((e) => e.type === 'permission_request');
    if (request.type !== 'permission_request') throw new Error('unreachable');
    await postJson(ctx.server, `/api/permissions/${request.data.id}/decision`, { action: 'approve' });
    await ctx.fake.gates.whenHeld('bg', 1);
    const tasks = await waitFor(async () => {
      const { body } = await getJson(ctx.server, `/api/conversations/${run.sessionId}/tasks`);
      const list = body.tasks as { taskId: string; description: string }[];
      return list.length > 0 ? list : undefined;
    }, { message: 'background task listed' });
    expect(tasks[0]?.description).toContain('Idle, then write background.txt');
    const stopped = await postJson(ctx.server, `/api/conversations/${run.sessionId}/tasks/${tasks[0]?.taskId}/stop`);
    expect(stopped).toMatchObject({ status: 200, body: { success: true } });
    await waitFor(async () => ((await getJson(ctx.server, `/api/conversations/${run.sessionId}/tasks`)).body.tasks as unknown[]).length === 0, { message: 'task gone' });
    ctx.fake.gates.release('bg', 1);
    await stream.ended;
    // The CLI tells the model the task was stopped (not completed after its 60 s).
    expect(stream.events).toContainEqual(expect.objectContaining({ type: 'system', subtype: 'task_notification', status: 'stopped' }));
  });
});
