import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SystemStatus } from '@cui/contract';
import { freePort, makeTestDirs, waitFor, type TestDirs } from './helpers';

const ROOT = path.resolve(import.meta.dirname, '../..');
const children: ChildProcess[] = [];

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

interface MainRun {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exit: Promise<number | null>;
}

/** Runs server/src/main.ts (through tsx, as the bundle would run) with temporary dirs and the given arguments. */
function runMain(dirs: TestDirs, args: string[], env: Record<string, string> = {}): MainRun {
  let stdout = '';
  let stderr = '';
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server/src/main.ts'), ...args], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: dirs.home,
      TMPDIR: dirs.tmp,
      CUI_HOME: dirs.cuiHome,
      CLAUDE_CONFIG_DIR: dirs.claudeConfigDir,
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
      TSX_TSCONFIG_PATH: path.join(ROOT, 'tsconfig.server.json'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, stdout: () => stdout, stderr: () => stderr, exit };
}

describe('main (the server process)', () => {
  it('prints the URL with the token, serves the API and exits 0 on SIGTERM', async () => {
    const dirs = makeTestDirs();
    const port = await freePort();
    const token = '0123456789abcdef0123456789abcdef';
    const run = runMain(dirs, ['--port', String(port), '--token', token], { CUI_DEMO: '1', LOG_LEVEL: 'debug' });
    const url = `http://127.0.0.1:${port}/#token=${token}`;
    await waitFor(() => run.stdout().includes(url), { timeoutMs: 30_000, message: `the URL line in:\n${run.stdout()}${run.stderr()}` });
    const status = await fetch(`http://127.0.0.1:${port}/api/system/status`, { headers: { authorization: `Bearer ${token}` } });
    expect(status.status).toBe(200);
    expect(SystemStatus.parse(await status.json()).demoMode).toBe(true);
    // The token appears on the URL line only, never in a JSON log line.
    const logLines = run.stdout().split('\n').filter((line) => line.startsWith('{'));
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.filter((line) => line.includes(token))).toEqual([]);
    run.child.kill('SIGTERM');
    expect(await run.exit).toBe(0);
  });

  it('shuts down at once and exits 0 while a request body is still trickling in', async () => {
    const dirs = makeTestDirs();
    const port = await freePort();
    const token = 'd'.repeat(32);
    const run = runMain(dirs, ['--port', String(port), '--token', token]);
    await waitFor(() => run.stdout().includes('cui is running'), { timeoutMs: 30_000, message: 'the URL line' });
    // A request whose body never finishes used to keep close() waiting for the 15 s shutdown limit, then exit 1.
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.on('error', () => undefined);
    socket.write(`PUT /api/config HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"inter`);
    await waitFor(() => run.stdout().includes('"url":"/api/config"'), { message: 'the request reached the server' });
    const signalledAt = Date.now();
    run.child.kill('SIGTERM');
    expect(await run.exit).toBe(0);
    expect(Date.now() - signalledAt).toBeLessThan(5000);
    socket.destroy();
  });

  it('a second signal while a stuck run holds the shutdown exits 1 at once, and the reaper still ends the CLI', async () => {
    const dirs = makeTestDirs();
    const port = await freePort();
    const token = 'c'.repeat(32);
    // A CLI that never starts talking and ignores SIGTERM/SIGINT: stopping it takes the whole escalation (SIGKILL).
    const pidFile = path.join(dirs.root, 'cli.pid');
    const cli = path.join(dirs.root, 'stuck-claude');
    fs.writeFileSync(cli, `#!/bin/sh\ntrap '' TERM INT\necho $$ > '${pidFile}'\nexec sleep 600\n`, { mode: 0o755 });
    const run = runMain(dirs, ['--port', String(port), '--token', token]);
    await waitFor(() => run.stdout().includes('cui is running'), { timeoutMs: 30_000, message: 'the URL line' });
    const start = fetch(`http://127.0.0.1:${port}/api/conversations/start`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ workingDirectory: dirs.root, initialPrompt: 'hi', claudeExecutablePath: cli }),
    }).catch(() => undefined);
    const cliPid = await waitFor(() => (fs.existsSync(pidFile) ? Number(fs.readFileSync(pidFile, 'utf8')) || undefined : undefined), { message: 'the CLI started' });
    const alive = (pid: number): boolean => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };

    run.child.kill('SIGTERM');
    await waitFor(() => run.stdout().includes('shutting down'), { message: 'the first signal began the shutdown' });
    // Repeats within a second count as the same signal (npm forwards Ctrl-C too); a later one exits at once, long
    // before the stuck CLI's escalation would have let the graceful shutdown finish.
    const firstAt = Date.now();
    const exited = await waitFor(() => {
      if (run.child.exitCode !== null) return run.exit;
      run.child.kill('SIGTERM');
      return undefined;
    }, { intervalMs: 50, message: 'the server exited' });
    expect(await exited).toBe(1);
    expect(run.stderr()).toContain('cui: SIGTERM again, exiting without waiting');
    expect(Date.now() - firstAt).toBeGreaterThanOrEqual(900);
    try {
      await waitFor(() => !alive(cliPid), { message: 'the reaper killed the stuck CLI' });
    } finally {
      if (alive(cliPid)) process.kill(cliPid, 'SIGKILL');
    }
    await start;
  });

  it('takes the token from CUI_TOKEN or --token-file, and `ps` shows it nowhere', async () => {
    const dirs = makeTestDirs();
    const envToken = '1'.repeat(16) + 'e'.repeat(16);
    const fileToken = '2'.repeat(16) + 'f'.repeat(16);
    const tokenFile = path.join(dirs.root, 'token');
    fs.writeFileSync(tokenFile, `${fileToken}\n`, { mode: 0o600 });
    const cases: Array<[string, string[], Record<string, string>]> = [[envToken, [], { CUI_TOKEN: envToken }], [fileToken, ['--token-file', tokenFile], {}]];
    for (const [token, args, env] of cases) {
      const port = await freePort();
      const run = runMain(dirs, ['--port', String(port), ...args], env);
      await waitFor(() => run.stdout().includes('cui is running'), { timeoutMs: 30_000, message: `the URL line in:\n${run.stdout()}${run.stderr()}` });
      expect(run.stdout()).toContain(`#token=${token}`);
      expect((await fetch(`http://127.0.0.1:${port}/api/config`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
      const processes = execFileSync('ps', ['-eo', 'pid,args', '--no-headers'], { encoding: 'utf8' });
      expect(processes).toContain(String(run.child.pid));
      expect(processes).not.toContain(token);
      run.child.kill('SIGTERM');
      expect(await run.exit).toBe(0);
    }
  });

  it('fails with one line for a malformed CUI_TOKEN', async () => {
    const run = runMain(makeTestDirs(), [], { CUI_TOKEN: 'not-a-token' });
    expect(await run.exit).toBe(1);
    expect(run.stderr()).toBe('cui failed to start: CUI_TOKEN must hold 32 lower-case hex characters (a-f, 0-9)\n');
  });

  it('listens on the host and port of the config and prints its token', async () => {
    const dirs = makeTestDirs();
    const port = await freePort();
    const token = 'b'.repeat(32);
    fs.writeFileSync(path.join(dirs.cuiHome, 'config.json'), JSON.stringify({ machineId: 'box-1', authToken: token, server: { host: '127.0.0.1', port } }));
    const run = runMain(dirs, []);
    await waitFor(() => run.stdout().includes(`http://127.0.0.1:${port}/#token=${token}`), { timeoutMs: 30_000, message: 'the URL line' });
    run.child.kill('SIGINT');
    expect(await run.exit).toBe(0);
  });

  it('fails with one line naming the field when the config was hand-edited into an invalid state', async () => {
    const dirs = makeTestDirs();
    fs.writeFileSync(path.join(dirs.cuiHome, 'config.json'), JSON.stringify({ machineId: 'box-1', authToken: 'a'.repeat(32), interface: { colorScheme: 'blue' } }));
    const run = runMain(dirs, []);
    expect(await run.exit).toBe(1);
    expect(run.stderr()).toContain('cui failed to start: Invalid config');
    expect(run.stderr()).toContain('interface.colorScheme');
    expect(run.stderr()).not.toMatch(/\n\s+at /);
  });

  it('fails with one line when CUI_HOME cannot be created', async () => {
    const dirs = makeTestDirs();
    const blocker = path.join(dirs.root, 'a-file');
    fs.writeFileSync(blocker, '');
    const run = runMain(dirs, [], { CUI_HOME: path.join(blocker, 'cui') });
    expect(await run.exit).toBe(1);
    expect(run.stderr()).toMatch(/^cui failed to start: ENOTDIR: not a directory, mkdir '.*a-file\/cui'\n$/);
  });

  it.each([
    [['--port', '99999'], '--port must be a number from 1 to 65535'],
    [['--bogus'], 'Unknown argument: --bogus'],
    [['--token', 'not-a-token'], '--token must be 32 lower-case hex characters'],
  ])('prints the usage and exits 1 for %j', async (args, message) => {
    const run = runMain(makeTestDirs(), args);
    expect(await run.exit).toBe(1);
    expect(run.stderr()).toContain(message);
    expect(run.stderr()).toContain('Usage: npm start -- [options]');
  });

  it('fails clearly for an unknown LOG_LEVEL', async () => {
    const run = runMain(makeTestDirs(), [], { LOG_LEVEL: 'verbose' });
    expect(await run.exit).toBe(1);
    expect(run.stderr()).toContain("LOG_LEVEL must be one of");
  });
  it.each([
    [{ ANTHROPIC_API_KEY: 'sk-ant-api03-startup-never-shown' }, 'Claude sign-in: API key from ANTHROPIC_API_KEY'],
    [{}, 'Claude sign-in: none. Runs will fail until you sign in'],
  ])('logs how runs sign in to Claude (%j) once, before the URL line, never the secret', async (env, said) => {
    const dirs = makeTestDirs();
    const port = await freePort();
    const run = runMain(dirs, ['--port', String(port)], env);
    await waitFor(() => run.stdout().includes('cui is running'), { timeoutMs: 30_000, message: `the URL line in:\n${run.stdout()}${run.stderr()}` });
    const lines = run.stdout().split('\n');
    const signIn = lines.findIndex((line) => line.includes('Claude sign-in:'));
    expect(lines.filter((line) => line.includes('Claude sign-in:'))).toHaveLength(1);
    expect(lines[signIn]).toContain(said);
    expect(signIn).toBeLessThan(lines.findIndex((line) => line.includes('cui is running')));
    expect(run.stdout()).not.toContain('never-shown');
    run.child.kill('SIGTERM');
    expect(await run.exit).toBe(0);
  });
});
