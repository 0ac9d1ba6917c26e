import fs from 'node:fs';
import path from 'node:path';
import { OpenTerminalResponse, TERMINAL_CLOSE, TERMINAL_PROTOCOL } from '@cui/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { makeTestDirs, startTestServer, testChildEnv, waitFor, type TestServer } from './helpers';
import { connectTerminal, refusedStatus } from './terminal-client';

/*
 * The integrated terminal (issue 25 points 1 and 2): a real PTY running `bash --norc --noprofile` with a fixed prompt,
 * reached over its WebSocket with a single-use ticket. One server for the file.
 */

const PROMPT = 'T3$ ';
const SECRET = 'terminal-test-token-0123456789abcdef';
let server: TestServer;
let savedToken: string | undefined;

beforeAll(async () => {
  savedToken = process.env.CUI_TOKEN;
  // The server's own environment carries a token: the shell must not see it.
  process.env.CUI_TOKEN = SECRET;
  const dirs = makeTestDirs('cui-terminals-');
  server = await startTestServer({
    dirs,
    childEnv: { ...testChildEnv(dirs), PS1: PROMPT },
    terminalShell: { file: 'bash', args: ['--norc', '--noprofile'] },
  });
});

afterAll(async () => {
  await server.close();
  if (savedToken === undefined) delete process.env.CUI_TOKEN;
  else process.env.CUI_TOKEN = savedToken;
  fs.rmSync(server.dirs.root, { recursive: true, force: true });
});

async function openTerminal(body: Record<string, unknown> = { folder: server.dirs.work }): Promise<OpenTerminalResponse> {
  const response = await server.api('/api/terminals', { method: 'POST', body: JSON.stringify(body) });
  expect(response.status).toBe(200);
  return OpenTerminalResponse.parse(await response.json());
}

async function ticketFor(terminalId: string): Promise<string> {
  const response = await server.api(`/api/terminals/${terminalId}/ticket`, { method: 'POST' });
  expect(response.status).toBe(200);
  return ((await response.json()) as { ticket: string }).ticket;
}

describe('a terminal', () => {
  beforeAll(async () => {
    const trust = await server.api('/api/trust/folders', { method: 'PUT', body: JSON.stringify({ path: server.dirs.work }) });
    expect(trust.status).toBe(200);
  });

  it('runs a shell in the folder, answers on its socket, and repaints the same screen to a second connection after a drop', async () => {
    const opened = await openTerminal();
    expect(opened.folder).toBe(server.dirs.work);
    const first = connectTerminal(server.url, opened.terminalId, opened.ticket);
    await new Promise((resolve) => first.socket.once('open', resolve));
    expect(first.socket.protocol).toBe(TERMINAL_PROTOCOL);
    await waitFor(() => first.output().includes(PROMPT), { message: 'the prompt' });
    first.type('echo $((6*7)); pwd\r');
    await waitFor(() => first.output().includes(`42\r\n${server.dirs.work}`), { message: '42 and the folder' });
    const screen = await first.screen();
    // A dropped connection (no close handshake), then a new one with a new ticket.
    first.socket.terminate();
    await first.closed;
    const second = connectTerminal(server.url, opened.terminalId, await ticketFor(opened.terminalId));
    await waitFor(() => second.output().includes(server.dirs.work), { message: 'the repainted screen' });
    expect(await second.screen()).toEqual(screen);
    expect(screen).toEqual([`${PROMPT}echo $((6*7)); pwd`, '42', server.dirs.work, PROMPT]);
    second.socket.close();
  });

  it("keeps CUI_TOKEN out of the shell's environment", async () => {
    const opened = await openTerminal();
    const client = connectTerminal(server.url, opened.terminalId, opened.ticket);
    await waitFor(() => client.output().includes(PROMPT), { message: 'the prompt' });
    client.type('echo "token=[${CUI_TOKEN-unset}] home=[$HOME]"\r');
    await waitFor(() => client.output().includes('token=[unset]'), { message: 'the echo' });
    expect(client.output()).toContain(`home=[${server.dirs.home}]`);
    expect(client.output()).not.toContain(SECRET);
    client.socket.close();
  });

  it("offers the console's own CLI as claude, with the runs' CLAUDE_CONFIG_DIR, and runs it interactively (to sign in there)", async () => {
    const opened = await openTerminal();
    const client = connectTerminal(server.url, opened.terminalId, opened.ticket);
    await waitFor(() => client.output().includes(PROMPT), { message: 'the prompt' });
    client.type('claude --version; echo "config=[$CLAUDE_CONFIG_DIR]"\r');
    // The echoed command line holds 'config=[' too: wait for the expanded folder, which only the output holds (the
    // version is printed before it).
    await waitFor(() => client.output().includes(`config=[${server.dirs.claudeConfigDir}]`), { message: 'the version and the config folder' });
    expect(client.output()).toMatch(/\d+\.\d+\.\d+ \(Claude Code\)/);
    client.type('claude\r');
    // Its full-screen start (its onboarding here: a fresh config folder, and no network to reach Anthropic from a test).
    const version = /(\d+\.\d+\.\d+) \(Claude Code\)/.exec(client.output())?.[1] ?? 'none';
    await waitFor(async () => (await client.screen()).some((line) => line.includes(`Welcome to Claude Code v${version}`)), { message: 'the interactive CLI' });
    client.socket.close();
  });

  it('refuses a reused ticket, a missing one and one for another terminal with 4401, after the handshake', async () => {
    const opened = await openTerminal();
    const used = connectTerminal(server.url, opened.terminalId, opened.ticket);
    await waitFor(() => used.output().includes(PROMPT), { message: 'the prompt' });
    const reused = connectTerminal(server.url, opened.terminalId, opened.ticket);
    expect(await reused.closed).toEqual({ code: TERMINAL_CLOSE.ticketRefused, reason: 'The terminal ticket is missing, used or expired' });
    expect((await connectTerminal(server.url, opened.terminalId, undefined).closed).code).toBe(TERMINAL_CLOSE.ticketRefused);
    const other = await openTerminal();
    expect((await connectTerminal(server.url, opened.terminalId, other.ticket).closed).code).toBe(TERMINAL_CLOSE.ticketRefused);
    used.socket.close();
  });

  it('refuses the upgrade from a foreign Origin or for a foreign Host, before the ticket is looked at', async () => {
    const opened = await openTerminal();
    expect(await refusedStatus(connectTerminal(server.url, opened.terminalId, opened.ticket, { origin: 'https://evil.example' }))).toBe(403);
    expect(await refusedStatus(connectTerminal(server.url, opened.terminalId, opened.ticket, { host: 'evil.example' }))).toBe(403);
    // The ticket was never taken: it still opens the socket.
    const client = connectTerminal(server.url, opened.terminalId, opened.ticket);
    await waitFor(() => client.output().includes(PROMPT), { message: 'the prompt' });
    client.socket.close();
  });

  it("answers a plain request to a terminal's socket route with 426 and the contract's error body", async () => {
    const opened = await openTerminal();
    const response = await server.api(`/api/terminals/${opened.terminalId}/socket`);
    expect(response.status).toBe(426);
    expect(await response.json()).toEqual({ code: 'terminal.websocket_required', error: "This is a terminal's WebSocket: open it with an upgrade and a ticket" });
  });

  it('opens from home only in a trusted folder, and says why', async () => {
    const untrusted = path.join(server.dirs.root, 'elsewhere');
    fs.mkdirSync(untrusted);
    const response = await server.api('/api/terminals', { method: 'POST', body: JSON.stringify({ folder: untrusted }) });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ code: 'terminal.untrusted_folder', error: 'A terminal from home opens only in a trusted folder: trust the folder first' });
  });

  it('ends a closed terminal: its socket is told why, it leaves the list, and a new ticket is refused', async () => {
    const opened = await openTerminal();
    const client = connectTerminal(server.url, opened.terminalId, opened.ticket);
    await waitFor(() => client.output().includes(PROMPT), { message: 'the prompt' });
    const closing = await server.api(`/api/terminals/${opened.terminalId}`, { method: 'DELETE' });
    expect(closing.status).toBe(200);
    expect(await client.closed).toEqual({ code: TERMINAL_CLOSE.ended, reason: 'The terminal was closed' });
    const list = (await (await server.api('/api/terminals')).json()) as { terminals: Array<{ terminalId: string }>; enabled: boolean };
    expect(list.enabled).toBe(true);
    expect(list.terminals.map((terminal) => terminal.terminalId)).not.toContain(opened.terminalId);
    const ticket = await server.api(`/api/terminals/${opened.terminalId}/ticket`, { method: 'POST' });
    expect(await ticket.json()).toEqual({ code: 'terminal.not_found', error: 'The terminal was closed' });
  });
});

describe('terminals beyond loopback', () => {
  it('are off until Settings turns them on, with the warning that a terminal is a full shell', async () => {
    const dirs = makeTestDirs('cui-terminals-remote-');
    const app = await buildApp({ homeDir: dirs.home, cuiHome: dirs.cuiHome, claudeConfigDir: dirs.claudeConfigDir, logLevel: 'silent', token: 'c'.repeat(32) });
    try {
      await app.listen({ port: 0, host: '0.0.0.0' });
      const { port } = app.server.address() as { port: number };
      const call = (pathname: string, init: RequestInit = {}) =>
        fetch(`http://127.0.0.1:${port}${pathname}`, { ...init, headers: { authorization: `Bearer ${'c'.repeat(32)}`, 'content-type': 'application/json' } });
      const reason = 'Terminals are off because the console listens beyond this machine: turn them on in Settings (a terminal is a full shell as this user)';
      expect(await (await call('/api/terminals')).json()).toEqual({ terminals: [], enabled: false, disabledReason: reason });
      const refused = await call('/api/terminals', { method: 'POST', body: JSON.stringify({ folder: dirs.work }) });
      expect({ status: refused.status, body: await refused.json() }).toEqual({ status: 403, body: { code: 'terminal.disabled', error: reason } });
      expect((await call('/api/config', { method: 'PUT', body: JSON.stringify({ terminal: { allowRemote: true } }) })).status).toBe(200);
      expect(await (await call('/api/terminals')).json()).toEqual({ terminals: [], enabled: true });
    } finally {
      await app.close();
      fs.rmSync(dirs.root, { recursive: true, force: true });
    }
  });
});
