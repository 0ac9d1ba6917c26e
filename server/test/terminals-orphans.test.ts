import fs from 'node:fs';
import { OpenTerminalResponse } from '@cui/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTestDirs, waitFor } from './helpers';
import { startServerProcess, type ServerProcess } from './server-process';
import { connectTerminal } from './terminal-client';

/** "Within a few seconds" of issue 25: no shell outlives its server, even after kill -9. */
const GONE_WITHIN_MS = 5000;

const dirs = makeTestDirs('cui-terminal-orphans-');
let server: ServerProcess | undefined;

afterAll(async () => {
  if (server && server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
  await server?.exited;
  fs.rmSync(dirs.root, { recursive: true, force: true });
});

const alive = (pid: number): boolean => {
  try {
    return !fs.readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z ');
  } catch {
    return false;
  }
};

describe('a terminal after kill -9 of its server', () => {
  it('leaves neither the shell nor a job it put in the background within 5 s', async () => {
    server = await startServerProcess(dirs, 'http://127.0.0.1:9');
    expect((await server.api('/api/trust/folders', { method: 'PUT', body: JSON.stringify({ path: dirs.work }) })).status).toBe(200);
    const response = await server.api('/api/terminals', { method: 'POST', body: JSON.stringify({ folder: dirs.work }) });
    const body: unknown = await response.json();
    expect({ status: response.status, body }).toMatchObject({ status: 200 });
    const opened = OpenTerminalResponse.parse(body);
    const client = connectTerminal(server.url, opened.terminalId, opened.ticket);
    await new Promise((resolve) => client.socket.once('open', resolve));
    client.type('sleep 300 & echo "bg=$! sh=$$"\r');
    const found = await waitFor(() => /bg=(\d+) sh=(\d+)/.exec(client.output()), { message: 'the pids' });
    const [background, shell] = [Number(found[1]), Number(found[2])];
    expect(alive(background) && alive(shell)).toBe(true);
    server.child.kill('SIGKILL');
    await server.exited;
    await waitFor(() => !alive(background) && !alive(shell), { timeoutMs: GONE_WITHIN_MS, message: 'the shell and its job to end' });
  });
});
