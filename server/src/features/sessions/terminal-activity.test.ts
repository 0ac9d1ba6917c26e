import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LiveRunInfo, LiveRuns } from '../../context';
import { processStartTime } from '../../platform/process-identity';
import { createTerminalActivity } from './terminal-activity';

const A = 'aaaaaaaa-1111-4222-8333-444455556666';
const B = 'bbbbbbbb-1111-4222-8333-444455556666';
let configDir: string;
let live: LiveRunInfo[];
let clock: number;
const runs: LiveRuns = { list: () => live, bySession: (id) => live.find((run) => run.sessionId === id) };
const activity = () => createTerminalActivity({ claudeConfigDir: configDir, runs, idleMs: 30_000, now: () => clock });
const run = (sessionId: string, resumedFrom?: string): LiveRunInfo => ({ streamingId: 's', sessionId, workingDirectory: '/w', startedAt: '', permissionMode: 'default', initialPrompt: 'x', ...(resumedFrom ? { resumedFrom } : {}) });

function register(pid: number, sessionId: string, procStart = processStartTime(pid)): void {
  fs.mkdirSync(path.join(configDir, 'sessions'), { recursive: true });
  fs.writeFileSync(path.join(configDir, 'sessions', `${pid}.json`), JSON.stringify({ pid, sessionId, procStart, status: 'busy' }));
}

beforeEach(() => {
  configDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cui-activity-'));
  live = [];
  clock = 1_000_000;
});
afterEach(() => fs.rmSync(configDir, { recursive: true, force: true }));

describe('terminal activity', () => {
  it('with the CLI registry: active while a live process names the session, whatever the transcript age', () => {
    register(process.pid, A);
    const check = activity().check();
    expect(check(A, 0)).toBe(true);
    expect(check(B, clock)).toBe(false);
  });

  it('ignores a registry entry whose process is gone or whose pid was reused', () => {
    const started = processStartTime(process.pid);
    register(process.pid, A, `${started}9`);
    register(2 ** 22 + 7, B);
    const check = activity().check();
    expect(check(A, clock)).toBe(false);
    expect(check(B, clock)).toBe(false);
  });

  it("never counts this console's own runs or the sessions they resumed", () => {
    register(process.pid, A);
    live = [run(A)];
    expect(activity().check()(A, clock)).toBe(false);
    live = [run(B, A)];
    expect(activity().check()(A, clock)).toBe(false);
  });

  it('without a registry: a transcript written within the idle time, unless our own run just wrote it', () => {
    const tracker = activity();
    expect(tracker.check()(A, clock - 1_000)).toBe(true);
    expect(tracker.check()(A, clock - 31_000)).toBe(false);
    expect(tracker.check()(A, undefined)).toBe(false);
    tracker.runEnded(A);
    expect(tracker.check()(A, clock - 1_000)).toBe(false);
    expect(tracker.check()(A, clock + 5_000)).toBe(true);
  });
});
