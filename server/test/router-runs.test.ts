import { execFileSync } from 'node:child_process';
import { ConversationListResponse, PermissionRequest, RouterStatus, type RouterConfig, type StreamEvent } from '@cui/contract';
import { describe, expect, it } from 'vitest';
import { startFakeOpenAI } from './fake-openai/index';
import { startTestServer, waitFor, type TestServer } from './helpers';
import { getJson, openStream, postJson, postStart, startOk, toolUses, useRunServer, type StreamReader } from './runs-support';

/** Runs of the real CLI through the router child to a fake OpenAI-compatible provider (issue 14 point 1). */

const KEY = 'sk-provider-first-0001';
const ROTATED = 'sk-provider-second-0002';

function routerConfig(url: string, key: string): RouterConfig {
  return {
    enabled: true,
    providers: [{ name: 'fakeai', api_base_url: `${url}/v1/chat/completions`, api_key: key, models: ['gpt-fake'], transformer: { use: ['openrouter'] } }],
    rules: { default: 'fakeai,gpt-fake' },
  };
}

async function routerStatus(server: TestServer): Promise<RouterStatus> {
  return RouterStatus.parse((await getJson(server, '/api/system/status')).body.router);
}

async function putConfig(server: TestServer, body: unknown): Promise<Response> {
  return server.api('/api/config', { method: 'PUT', body: JSON.stringify(body) });
}

/** Pids of router children of this test process (the server under test runs in it). */
function routerChildPids(): number[] {
  const lines = execFileSync('ps', ['-eo', 'pid=,ppid=,args='], { encoding: 'utf8' }).split('\n');
  return lines.flatMap((line) => {
    const [pid, ppid, ...args] = line.trim().split(/\s+/);
    return Number(ppid) === process.pid && args.join(' ').includes('router-child') ? [Number(pid)] : [];
  });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const toolResultText = (events: StreamEvent[]): string => JSON.stringify(events.filter((event) => event.type === 'user'));
const resultOf = (events: StreamEvent[]) => events.find((event) => event.type === 'result');

async function approveNext(server: TestServer, stream: StreamReader): Promise<void> {
  const request = await stream.next((event) => event.type === 'permission_request');
  const permission = PermissionRequest.parse((request as { data: unknown }).data);
  expect((await postJson(server, `/api/permissions/${permission.id}/decision`, { action: 'approve' })).status).toBe(200);
}

describe('runs through the model router', () => {
  const ctx = useRunServer();
  const provider = { fake: undefined as Awaited<ReturnType<typeof startFakeOpenAI>> | undefined };
  const openai = () => provider.fake ?? (() => { throw new Error('fake provider not started'); })();

  it('a custom provider active: the CLI runs Bash through the router and streams the final text', async () => {
    provider.fake = await startFakeOpenAI();
    expect((await putConfig(ctx.server, { router: routerConfig(openai().url, KEY) })).status).toBe(200);
    await waitFor(async () => (await routerStatus(ctx.server)).state === 'running', { message: 'router running' });
    const anthropicBefore = ctx.fake.requests.length;

    const { streamingId, sessionId } = await startOk(ctx.server, { workingDirectory: ctx.newRepo('routed'), initialPrompt: 'please run-bash now' });
    const stream = await openStream(ctx.server, streamingId);
    await approveNext(ctx.server, stream);
    await stream.ended;
    expect(toolUses(stream.events)).toContainEqual(expect.objectContaining({ name: 'Bash', input: expect.objectContaining({ command: 'echo routed-ok > routed.txt && cat routed.txt' }) }));
    expect(toolResultText(stream.events)).toContain('routed-ok');
    expect(resultOf(stream.events)).toMatchObject({ subtype: 'success', result: 'The command printed: routed-ok' });
    expect(openai().requests.filter((r) => r.kind !== 'echo').map((r) => [r.authorization, r.model])).toEqual([
      [`Bearer ${KEY}`, 'gpt-fake'],
      [`Bearer ${KEY}`, 'gpt-fake'],
    ]);
    expect(ctx.fake.requests.length).toBe(anthropicBefore);
    // The CLI priced the run as the Claude model it asked for, not the provider's bill: an estimate (issue 17.4).
    const listed = await waitFor(async () => ConversationListResponse.parse((await getJson(ctx.server, `/api/conversations?sessionId=${sessionId}`)).body).conversations[0]?.usage, { message: 'session listed' });
    expect(listed.costIsEstimate).toBe(true);
  });

  it('a config change restarts the router on the same port and a run in flight still completes', async () => {
    const before = await routerStatus(ctx.server);
    const { streamingId } = await startOk(ctx.server, { workingDirectory: ctx.newRepo('inflight'), initialPrompt: 'please run-bash again' });
    const stream = await openStream(ctx.server, streamingId);
    const request = await stream.next((event) => event.type === 'permission_request');
    const permission = PermissionRequest.parse((request as { data: unknown }).data);

    expect((await putConfig(ctx.server, { router: routerConfig(openai().url, ROTATED) })).status).toBe(200);
    const after = await waitFor(async () => {
      const status = await routerStatus(ctx.server);
      return status.state === 'running' && status.startedAt !== before.startedAt ? status : undefined;
    }, { message: 'router restarted' });
    expect(after.port).toBe(before.port);

    expect((await postJson(ctx.server, `/api/permissions/${permission.id}/decision`, { action: 'approve' })).status).toBe(200);
    await stream.ended;
    expect(resultOf(stream.events)).toMatchObject({ subtype: 'success', result: 'The command printed: routed-ok' });
    expect(openai().requests.at(-1)).toMatchObject({ authorization: `Bearer ${ROTATED}`, kind: 'tool_result_text' });
  });

  it('a run that needs the router while it restarts gets through (the CLI retries the refused connection)', async () => {
    const { streamingId } = await startOk(ctx.server, { workingDirectory: ctx.newRepo('gap'), initialPrompt: 'please run-bash in the gap' });
    const stream = await openStream(ctx.server, streamingId);
    const request = await stream.next((event) => event.type === 'permission_request');
    const permission = PermissionRequest.parse((request as { data: unknown }).data);

    expect((await putConfig(ctx.server, { router: routerConfig(openai().url, KEY) })).status).toBe(200);
    // 'starting' is reported once the old child has exited and until the new one listens: the port refuses meanwhile.
    await waitFor(async () => (await routerStatus(ctx.server)).state === 'starting', { message: 'router restarting' });
    expect((await postJson(ctx.server, `/api/permissions/${permission.id}/decision`, { action: 'approve' })).status).toBe(200);
    await stream.ended;
    expect(resultOf(stream.events)).toMatchObject({ subtype: 'success', result: 'The command printed: routed-ok' });
    expect(openai().requests.at(-1)).toMatchObject({ authorization: `Bearer ${KEY}`, kind: 'tool_result_text' });
  });

  it('a dead router child is logged and reported; the next run starts it again and waits for it (issue 29.15: no 503), on the same port', async () => {
    const [pid, ...others] = routerChildPids();
    expect(others).toEqual([]);
    const before = await routerStatus(ctx.server);
    process.kill(pid as number, 'SIGKILL');
    // The log line, not a status poll: anything that needs the router meanwhile (a standby) may start it again first.
    const died = await waitFor(async () => {
      const { logs } = (await (await ctx.server.api('/api/logs/recent?limit=200')).json()) as { logs: string[] };
      return logs.map((line) => JSON.parse(line) as { msg?: string; signal?: string }).find((entry) => entry.msg?.startsWith('router process died'));
    }, { message: 'router death logged' });
    expect(died.signal).toBe('SIGKILL');
    const status = await routerStatus(ctx.server);
    expect(status.state === 'failed' ? status.error : 'restarted already').toMatch(/SIGKILL|restarted already/);

    const started = await postStart(ctx.server, { workingDirectory: ctx.newRepo('restarted'), initialPrompt: 'please run-bash after the crash' });
    expect(started.status).toBe(200);
    expect(await routerStatus(ctx.server)).toMatchObject({ state: 'running', port: before.port });
    const stream = await openStream(ctx.server, String(started.body.streamingId));
    await approveNext(ctx.server, stream);
    await stream.ended;
    expect(resultOf(stream.events)).toMatchObject({ subtype: 'success', result: 'The command printed: routed-ok' });
    expect(routerChildPids()).not.toContain(pid);
  });

  it('no provider key appears in the config response or the logs', async () => {
    const config = await (await ctx.server.api('/api/config')).text();
    const logs = await (await ctx.server.api('/api/logs/recent?limit=100')).text();
    for (const key of [KEY, ROTATED]) {
      expect(config).not.toContain(key);
      expect(logs).not.toContain(key);
    }
    expect(config).toContain('••••••••0001');
  });

  it('switching back to Claude Pro/Max sends the next run to the normal endpoint', async () => {
    expect((await putConfig(ctx.server, { router: { enabled: false } })).status).toBe(200);
    await waitFor(async () => (await routerStatus(ctx.server)).state === 'off', { message: 'router off' });
    const routedBefore = openai().requests.length;
    const anthropicBefore = ctx.fake.requests.length;
    const { streamingId } = await startOk(ctx.server, { workingDirectory: ctx.newRepo('direct'), initialPrompt: 'hello direct' });
    const stream = await openStream(ctx.server, streamingId);
    await stream.ended;
    expect(resultOf(stream.events)).toMatchObject({ subtype: 'success' });
    expect(ctx.fake.requests.length).toBeGreaterThan(anthropicBefore);
    expect(openai().requests.length).toBe(routedBefore);
    await openai().close();
  });
});

describe('the router child and the server', () => {
  it('ends with the server', async () => {
    const fake = await startFakeOpenAI();
    const server = await startTestServer();
    try {
      expect((await putConfig(server, { router: routerConfig(fake.url, KEY) })).status).toBe(200);
      await waitFor(async () => (await routerStatus(server)).state === 'running', { message: 'router running' });
      const pids = routerChildPids();
      expect(pids).toHaveLength(1);
      await server.close();
      expect(pids.filter(alive)).toEqual([]);
    } finally {
      await server.close();
      await fake.close();
    }
  });
});
