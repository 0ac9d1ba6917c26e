import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConversationDetails, ModelsResponse, SIGN_IN_GUIDANCE, SystemStatus, type StreamEvent } from '@cui/contract';
import { makeRepo } from '../../fake-model/test-support';
import { makeTestDirs, startTestServer, testChildEnv, waitFor, type TestServer } from './helpers';
import { openStream, startOk } from './runs-support';
import { iso, projectDirName, toJsonl, userLine } from './sessions-fixtures';

/*
 * Issue 23 points 1 and 2: the real CLI is asked how it signs in (no message is sent, so no model is needed), and what
 * it answers without credentials or to `/login` becomes the console's guidance; a local command's output is system output.
 */

const servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/** No credential from the machine's own environment reaches the CLI: only what a test sets. */
const NO_CREDENTIALS = { ANTHROPIC_API_KEY: undefined, ANTHROPIC_AUTH_TOKEN: undefined, CLAUDE_CODE_OAUTH_TOKEN: undefined };

async function serverWith(credentials: Record<string, string | undefined>): Promise<TestServer> {
  const dirs = makeTestDirs();
  const server = await startTestServer({ dirs, childEnv: { ...testChildEnv(dirs), ...NO_CREDENTIALS, ...credentials } });
  servers.push(server);
  return server;
}

/** The status once the CLI has answered (it says `checking` until then, and never waits). */
async function statusText(server: TestServer): Promise<string> {
  return waitFor(async () => {
    const text = await (await server.api('/api/system/status')).text();
    return SystemStatus.parse(JSON.parse(text)).claudeAuth.method === 'checking' ? undefined : text;
  }, { message: 'the status reports the sign-in' });
}

async function logText(server: TestServer): Promise<string> {
  return (await server.api('/api/logs/recent?limit=1000')).text();
}

describe('GET /api/system/status: claudeAuth, as the CLI reports it', () => {
  it('an API key from the environment: its source, never the key', async () => {
    const secret = 'sk-ant-api03-issue23-never-shown';
    const server = await serverWith({ ANTHROPIC_API_KEY: secret });
    const text = await statusText(server);
    expect(SystemStatus.parse(JSON.parse(text)).claudeAuth).toEqual({ method: 'api-key', source: 'ANTHROPIC_API_KEY' });
    expect(text).not.toContain(secret);
    expect(await logText(server)).not.toContain(secret);
  });

  it('an OAuth token (claude setup-token): its source, never the token', async () => {
    const secret = 'sk-ant-oat01-issue23-never-shown';
    const server = await serverWith({ CLAUDE_CODE_OAUTH_TOKEN: secret });
    const text = await statusText(server);
    expect(SystemStatus.parse(JSON.parse(text)).claudeAuth).toEqual({ method: 'oauth-token', source: 'CLAUDE_CODE_OAUTH_TOKEN' });
    expect(text).not.toContain(secret);
  });

  it('a login saved in CLAUDE_CONFIG_DIR: logged-in, with the subscription, never the token', async () => {
    const secret = 'sk-ant-oat01-saved-login-never-shown';
    const dirs = makeTestDirs();
    const login = { claudeAiOauth: { accessToken: secret, refreshToken: 'sk-ant-ort01-x', expiresAt: Date.now() + 86_400_000, scopes: ['user:inference'], subscriptionType: 'max' } };
    fs.writeFileSync(path.join(dirs.claudeConfigDir, '.credentials.json'), JSON.stringify(login), { mode: 0o600 });
    const server = await startTestServer({ dirs, childEnv: { ...testChildEnv(dirs), ...NO_CREDENTIALS } });
    servers.push(server);
    const text = await statusText(server);
    expect(SystemStatus.parse(JSON.parse(text)).claudeAuth).toMatchObject({ method: 'logged-in', subscription: expect.stringMatching(/max/i) });
    expect(text).not.toContain(secret);
  });

  it('a config dir without credentials and no key: none, in the status and from GET /api/system/sign-in', async () => {
    const server = await serverWith({});
    expect(SystemStatus.parse(JSON.parse(await statusText(server))).claudeAuth).toEqual({ method: 'none' });
    expect(await (await server.api('/api/system/sign-in')).json()).toEqual({ method: 'none' });
  });

  it('the status never waits for the CLI: checking until it has answered', async () => {
    const server = await serverWith({ ANTHROPIC_API_KEY: 'sk-test' });
    const first = SystemStatus.parse(await (await server.api('/api/system/status')).json());
    expect(first.claudeAuth).toEqual({ method: 'checking' });
    expect(await (await server.api('/api/system/sign-in')).json()).toEqual({ method: 'api-key', source: 'ANTHROPIC_API_KEY' });
    expect(SystemStatus.parse(await (await server.api('/api/system/status')).json()).claudeAuth).toEqual({ method: 'api-key', source: 'ANTHROPIC_API_KEY' });
  });
});

describe('GET /api/system/models', () => {
  it("lists the pinned CLI's own models (aliases), without its 'default' row", async () => {
    const server = await serverWith({ ANTHROPIC_API_KEY: 'sk-test' });
    const models = ModelsResponse.parse(await (await server.api('/api/system/models')).json());
    expect(models.source).toBe('cli');
    expect(models.claudeVersion).toMatch(/^\d+\.\d+\.\d+$/);
    const values = models.models.map((model) => model.value);
    expect(values).toEqual(expect.arrayContaining(['opus', 'sonnet', 'haiku']));
    expect(values).not.toContain('default');
    expect(values.some((value) => value.startsWith('claude-3-'))).toBe(false);
  });
});

function textOf(event: StreamEvent): string {
  if (event.type === 'result') return event.result ?? '';
  if (event.type === 'system') return typeof event.content === 'string' ? event.content : '';
  if (event.type !== 'assistant') return '';
  const content = event.message.content;
  return typeof content === 'string' ? content : content.map((block) => (block.type === 'text' ? String(block.text) : '')).join('');
}

async function runToEnd(server: TestServer, initialPrompt: string): Promise<{ events: StreamEvent[]; sessionId: string }> {
  const repo = makeRepo(path.join(server.dirs.work, `repo-${Date.now()}`));
  const started = await startOk(server, { workingDirectory: repo, initialPrompt });
  const stream = await openStream(server, started.streamingId);
  await stream.next((event) => event.type === 'closed');
  stream.close();
  return { events: stream.events, sessionId: started.sessionId };
}

async function historyText(server: TestServer, sessionId: string): Promise<string> {
  const details = await waitFor(async () => {
    const response = await server.api(`/api/conversations/${sessionId}`);
    if (!response.ok) return undefined;
    const parsed = ConversationDetails.parse(await response.json());
    return parsed.messages.some((message) => message.type !== 'user') ? parsed : undefined;
  }, { message: 'the transcript has the answer' });
  return JSON.stringify(details.messages);
}

describe('runs without credentials', () => {
  it("end with the console's guidance, live and from history, not the CLI's '/login' advice", async () => {
    const server = await serverWith({});
    const { events, sessionId } = await runToEnd(server, 'hi');
    const said = events.map(textOf).join('\n');
    expect(said).toContain(SIGN_IN_GUIDANCE);
    expect(said).not.toContain('Please run /login');
    expect(events.find((event) => event.type === 'result')).toMatchObject({ is_error: true });
    const history = await historyText(server, sessionId);
    expect(history).toContain(JSON.stringify(SIGN_IN_GUIDANCE).slice(1, 60));
    expect(history).not.toContain('Please run /login');
  });

  it('answer /login with the guidance, as a local command output', async () => {
    const server = await serverWith({});
    const { events } = await runToEnd(server, '/login');
    const output = events.find((event) => event.type === 'system' && event.subtype === 'local_command');
    expect(output && textOf(output)).toContain(SIGN_IN_GUIDANCE);
    expect(events.map(textOf).join('\n')).not.toContain("isn't available in this environment");
  });
});

describe('local slash commands', () => {
  it("stream the CLI's answer to /cost as a system local_command line, as its transcript has it", async () => {
    const server = await serverWith({ ANTHROPIC_API_KEY: 'sk-test' });
    const { events, sessionId } = await runToEnd(server, '/cost');
    const output = events.find((event) => event.type === 'system' && event.subtype === 'local_command');
    expect(output && textOf(output)).toMatch(/<local-command-stdout>[\s\S]*cost/i);
    expect(events.some((event) => event.type === 'assistant')).toBe(false);
    const details = ConversationDetails.parse(await (await server.api(`/api/conversations/${sessionId}`)).json());
    const fromHistory = details.messages.find((message) => message.type === 'system');
    expect(fromHistory?.uuid).toBe(output?.uuid);
    expect(fromHistory?.message).toMatchObject({ subtype: 'local_command', content: expect.stringContaining('<local-command-stdout>') });
  });

  it('a local_command line of a transcript reaches the details as a system message with its subtype and output', async () => {
    const server = await serverWith({ ANTHROPIC_API_KEY: 'sk-test' });
    const session = { sessionId: '7d3c1a52-4b1e-4f0a-9c55-2f1a8e6b0c23', cwd: server.dirs.work, filePath: '' };
    const dir = path.join(server.dirs.claudeConfigDir, 'projects', projectDirName(session.cwd));
    fs.mkdirSync(dir, { recursive: true });
    const prompt = userLine(session, 'how much so far?', { timestamp: iso(1), uuid: 'a0000000-0000-4000-8000-000000000001' });
    const output = {
      parentUuid: prompt.uuid, isSidechain: false, type: 'system', subtype: 'local_command', level: 'info', isMeta: false,
      content: '<local-command-stdout>Total cost: $0.0123</local-command-stdout>', uuid: 'a0000000-0000-4000-8000-000000000002',
      timestamp: iso(2), cwd: session.cwd, sessionId: session.sessionId, version: '2.1.330',
    };
    fs.writeFileSync(path.join(dir, `${session.sessionId}.jsonl`), toJsonl([prompt, output]));
    const details = await waitFor(async () => {
      const response = await server.api(`/api/conversations/${session.sessionId}`);
      return response.ok ? ConversationDetails.parse(await response.json()) : undefined;
    });
    expect(details.messages.find((message) => message.uuid === output.uuid)).toMatchObject({
      type: 'system', message: { subtype: 'local_command', content: '<local-command-stdout>Total cost: $0.0123</local-command-stdout>' },
    });
  });
});
