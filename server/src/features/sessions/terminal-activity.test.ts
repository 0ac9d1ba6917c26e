import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LiveRunInfo, LiveRuns } from '../../context';
import { identify, processStartTime } from '../../platform/process-identity';
import { createReaper } from '../../platform/reaper';
import { createTerminalActivity } from './terminal-activity';

const A = 'aaaaaaaa-1111-4222-8333-444455556666';
const B = 'bbbbbbbb-1111-4222-8333-444455556666';
let configDir: string;
let live: LiveRunInfo[];
let ownPids: number[];
const runs: LiveRuns = { list: () => live, bySession: (id) => live.find((run) => run.sessionId === id), ownsProcess: (pid) => ownPids.includes(pid) };
const activity = () => createTerminalActivity({ claudeConfigDir: configDir, runs });
const run = (sessionId: string, resumedFrom?: string): LiveRunInfo => ({ streamingId: 's', sessionId, workingDirectory: '/w', startedAt: '', permissionMode: 'default', initialPrompt: 'x', ...(resumedFrom ? { resumedFrom } : {}) });

function register(pid: number, sessionId: string, procStart = processStartTime(pid)): void {
  fs.mkdirSync(path.join(configDir, 'sessions'), { recursive: true });
  fs.writeFileSync(path.join(configDir, 'sessions', `${pid}.json`), JSON.stringify({ pid, sessionId, procStart, status: 'busy' }));
}

beforeEach(() => {
  configDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cui-activity-'));
  live = [];
  ownPids = [];
});
afterEach(() => fs.rmSync(configDir, { recursive: true, force: true }));

describe('terminal activity', () => {
  it('is active while a live process names the session in the CLI registry', () => {
    expect(activity().check()(A)).toBe(false);
    register(process.pid, A);
    const check = activity().check();
    expect(check(A)).toBe(true);
    expect(check(B)).toBe(false);
    fs.rmSync(path.join(configDir, 'sessions', `${process.pid}.json`));
    expect(activity().check()(A)).toBe(false);
  });

  it('ignores a registry entry whose process is gone or whose pid was reused', () => {
    const started = processStartTime(process.pid);
    register(process.pid, A, `${started}9`);
    register(2 ** 22 + 7, B);
    const check = activity().check();
    expect(check(A)).toBe(false);
    expect(check(B)).toBe(false);
  });

  it("never counts this console's own runs or the sessions they resumed", () => {
    register(process.pid, A);
    live = [run(A)];
    expect(activity().check()(A)).toBe(false);
    live = [run(B, A)];
    expect(activity().check()(A)).toBe(false);
    // A finished run's CLI still exiting: no longer listed, still registered.
    live = [];
    ownPids = [process.pid];
    expect(activity().check()(A)).toBe(false);
    ownPids = [];
    expect(activity().check()(A)).toBe(true);
  });

  it('never counts a CLI the server started and owns, such as the sign-in check (its SDK session is registered too)', async () => {
    const reaper = createReaper(pino({ level: 'silent' }));
    const cli = spawn('sleep', ['30'], { stdio: 'ignore' });
    try {
      await once(cli, 'spawn');
      const pid = cli.pid as number;
      register(pid, A);
      const owned = createTerminalActivity({ claudeConfigDir: configDir, runs, ownsProcess: (p) => reaper.watching(p) });
      expect(owned.check()(A)).toBe(true);
      reaper.watch(identify(pid));
      expect(owned.check()(A)).toBe(false);
      expect(owned.held()).toEqual([]);
      // Let go of (the server ended it, or it is no longer the server's): a terminal's again while it runs.
      reaper.forget(pid);
      expect(owned.held()).toEqual([A]);
    } finally {
      cli.kill('SIGKILL');
      await reaper.close();
    }
  });
});
