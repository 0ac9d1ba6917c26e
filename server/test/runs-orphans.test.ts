import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { StartConversationResponse } from '@cui/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeAnthropic, type FakeAnthropic } from '../../fake-model/index';
import { makeRepo } from '../../fake-model/test-support';
import { makeTestDirs, waitFor, type TestDirs } from './helpers';
import { childrenOf, processesWithEnv, startServerProcess, type ServerProcess } from './server-process';

/*
 * No run outlives its server (issue 10, point 2): the server runs as a child of the test and is killed with
 * SIGKILL while its runs are live. Re-run on its own with `npx vitest run server/test/runs-orphans.test.ts`.
 */

/** "Within a few seconds" of the issue. */
const GONE_WITHIN_MS = 5000;

let fake: FakeAnthropic;
const servers: ServerProcess[] = [];

beforeAll(async () => {
  fake = await startFakeAnthropic();
});
afterEach(async () => {
  for (const server of servers.splice(0)) {
    if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
    await server.exited;
  }
});
afterAll(() => fake.close());

/**
 * Lets the replies of the conversation whose prompt has `[gate:<gate>]` go up to `step` and holds that one;
 * `reached` resolves once the CLI asked for it (the gated fake holds every reply of such a prompt).
 */
function holdAt(gate: string, step: number): { reached: Promise<void>; release(): void } {
  const reached = (async () => {
    for (let s = 0; s < step; s++) {
      await fake.gates.whenHeld(gate, s);
      fake.gates.release(gate, s);
    }
    await fake.gates.whenHeld(gate, step);
  })();
  return { reached, release: () => void fake.gates.release(gate, step) };
}

async function startServer(dirs: TestDirs): Promise<ServerProcess> {
  const server = await startServerProcess(dirs, fake.url);
  servers.push(server);
  return server;
}

async function startRun(server: ServerProcess, body: Record<string, unknown>): Promise<StartConversationResponse> {
  const response = await server.api('/api/conversations/start', { method: 'POST', body: JSON.stringify(body) });
  const json: unknown = await response.json();
  if (response.status !== 200) throw new Error(`start failed: ${response.status} ${JSON.stringify(json)}`);
  return StartConversationResponse.parse(json);
}

/** The test server's processes other than the server itself: its CLIs and their tools (they carry its env). */
const runProcesses = (dirs: TestDirs, server?: ServerProcess) =>
  processesWithEnv('CLAUDE_CONFIG_DIR', dirs.claudeConfigDir).filter((entry) => entry.pid !== server?.child.pid);

/** SIGKILLs the server and resolves with how long it took until no process of its runs remained. */
async function killServerAndTimeOrphans(server: ServerProcess, dirs: TestDirs): Promise<number> {
  expect(runProcesses(dirs, server).length).toBeGreaterThan(0);
  const killedAt = Date.now();
  server.child.kill('SIGKILL');
  await server.exited;
  await waitFor(() => runProcesses(dirs).length === 0, {
    timeoutMs: GONE_WITHIN_MS * 2,
    intervalMs: 50,
    message: `the run's processes to end: ${JSON.stringify(runProcesses(dirs))}`,
  });
  return Date.now() - killedAt;
}

describe('a server killed with SIGKILL', () => {
  it('takes an Auto run with it before the Edit the model sends next, and its restart reports the session interrupted', async () => {
    const dirs = makeTestDirs();
    const repo = makeRepo(path.join(dirs.work, 'auto'));
    const edit = holdAt('auto-edit', 1);
    const server = await startServer(dirs);
    const { sessionId } = await startRun(server, { workingDirectory: repo, initialPrompt: 'fix the typo [gate:auto-edit]', permissionMode: 'acceptEdits' });
    await edit.reached;

    expect(await killServerAndTimeOrphans(server, dirs)).toBeLessThan(GONE_WITHIN_MS);
    edit.release();
    expect(fs.readFileSync(path.join(repo, 'hello.txt'), 'utf8')).toBe('helo wrld\n');

    const restarted = await startServer(dirs);
    expect(restarted.output()).toContain(`session ${sessionId} was interrupted`);
  });

  it('takes a Yolo run with it before the Bash command the model sends next', async () => {
    const dirs = makeTestDirs();
    const repo = makeRepo(path.join(dirs.work, 'yolo'));
    const bash = holdAt('yolo-bash', 0);
    const server = await startServer(dirs);
    await startRun(server, { workingDirectory: repo, initialPrompt: 'run bash [gate:yolo-bash]', permissionMode: 'bypassPermissions' });
    await bash.reached;

    expect(await killServerAndTimeOrphans(server, dirs)).toBeLessThan(GONE_WITHIN_MS);
    bash.release();
    expect(fs.existsSync(path.join(repo, 'bash_out.txt'))).toBe(false);
  });

  it('takes a Yolo run with it while its Bash command is running, the command included', async () => {
    const dirs = makeTestDirs();
    const repo = makeRepo(path.join(dirs.work, 'linger'));
    const server = await startServer(dirs);
    await startRun(server, { workingDirectory: repo, initialPrompt: 'run linger', permissionMode: 'bypassPermissions' });
    await waitFor(() => runProcesses(dirs, server).some((entry) => entry.cmdline.includes('tail -f /dev/null')), { message: 'the Bash command to run' });

    expect(await killServerAndTimeOrphans(server, dirs)).toBeLessThan(GONE_WITHIN_MS);
    expect(fs.existsSync(path.join(repo, 'lingered.txt'))).toBe(false);
  });

  it('takes the standby CLI a completed run left for its follow-up with it', async () => {
    const dirs = makeTestDirs();
    const repo = makeRepo(path.join(dirs.work, 'standby'));
    const server = await startServer(dirs);
    const { streamingId } = await startRun(server, { workingDirectory: repo, initialPrompt: 'hello standby' });
    const stream = await server.api(`/api/stream/${streamingId}`);
    await stream.text();
    // The run has ended; what is left is the standby waiting for a follow-up.
    await waitFor(() => runProcesses(dirs, server).some((entry) => entry.cmdline.includes('--resume')), { message: 'the standby CLI to run' });

    expect(await killServerAndTimeOrphans(server, dirs)).toBeLessThan(GONE_WITHIN_MS);
  });

  it("takes a git commit with it while the repository's pre-commit hook runs, the hook included", async () => {
    const dirs = makeTestDirs();
    const repo = makeRepo(path.join(dirs.work, 'hooked'));
    const server = await startServer(dirs);
    const { sessionId, streamingId } = await startRun(server, { workingDirectory: repo, initialPrompt: 'hello hook' });
    await (await server.api(`/api/stream/${streamingId}`)).text();
    await waitFor(async () => (await server.api(`/api/conversations/${sessionId}/git/status`)).status === 200, { message: 'the session to be known' });
    const git = (...args: string[]) => execFileSync('git', args, { cwd: repo, stdio: 'ignore' });
    git('config', 'user.name', 'Test');
    git('config', 'user.email', 'test@example.invalid');
    fs.writeFileSync(path.join(repo, '.git', 'hooks', 'pre-commit'), '#!/bin/sh\nexec sleep 600\n', { mode: 0o755 });
    fs.writeFileSync(path.join(repo, 'new.txt'), 'new\n');
    git('add', 'new.txt');
    const committing = server.api(`/api/conversations/${sessionId}/git/commit`, { method: 'POST', body: JSON.stringify({ message: 'held by its hook' }) }).catch(() => undefined);
    await waitFor(() => runProcesses(dirs, server).some((entry) => entry.cmdline.startsWith('sleep 600')), { message: 'the pre-commit hook to run' });

    expect(await killServerAndTimeOrphans(server, dirs)).toBeLessThan(GONE_WITHIN_MS);
    await committing;
  });

  it('takes the CLI it is asking how runs sign in with it', async () => {
    const dirs = makeTestDirs();
    // Answers --version, then never gives its initialize answer: main.ts's start-up question stays in flight.
    const cli = path.join(dirs.root, 'silent-claude');
    fs.writeFileSync(cli, '#!/bin/sh\nif [ "$1" = "--version" ]; then echo "2.1.0 (Claude Code)"; exit 0; fi\nexec sleep 600\n', { mode: 0o755 });
    fs.writeFileSync(path.join(dirs.cuiHome, 'config.json'), JSON.stringify({ machineId: 'box-1', authToken: 'e'.repeat(32), claudeExecutablePath: cli }));
    const server = await startServerProcess(dirs, fake.url, { listening: true });
    servers.push(server);
    await waitFor(() => runProcesses(dirs, server).some((entry) => entry.cmdline.startsWith('sleep 600')), { message: 'the sign-in question to start its CLI' });
    expect(server.output()).not.toContain('cui is running');

    expect(await killServerAndTimeOrphans(server, dirs)).toBeLessThan(GONE_WITHIN_MS);
  });

  it('leaves, without its reaper, a run that the restarted server finds by its recorded identity and ends', async () => {
    const dirs = makeTestDirs();
    const repo = makeRepo(path.join(dirs.work, 'leftover'));
    const server = await startServer(dirs);
    const { sessionId } = await startRun(server, { workingDirectory: repo, initialPrompt: 'run linger', permissionMode: 'bypassPermissions' });
    await waitFor(() => runProcesses(dirs, server).some((entry) => entry.cmdline.includes('tail -f /dev/null')), { message: 'the Bash command to run' });
    const reaper = childrenOf(server.child.pid ?? -1).find((entry) => entry.cmdline.includes('--input-type=commonjs'));
    expect(reaper).toBeDefined();
    process.kill(reaper?.pid ?? -1, 'SIGKILL');
    await waitFor(() => !childrenOf(server.child.pid ?? -1).some((entry) => entry.pid === reaper?.pid), { message: 'the reaper to die' });
    server.child.kill('SIGKILL');
    await server.exited;
    // Without the reaper the run survives its server: what the restart must clean up.
    expect(runProcesses(dirs).length).toBeGreaterThan(0);

    const restarted = await startServer(dirs);
    await waitFor(() => runProcesses(dirs, restarted).length === 0, { timeoutMs: GONE_WITHIN_MS, intervalMs: 50, message: 'the leftovers to be ended' });
    expect(restarted.output()).toContain(`session ${sessionId} was interrupted`);
    expect(restarted.output()).toContain('was ended');
    expect(fs.existsSync(path.join(repo, 'lingered.txt'))).toBe(false);
  });
});
