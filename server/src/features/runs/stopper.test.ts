import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClaudeProcess, ProcessExit } from '../../cli/claude-process';
import { createStopper, type Stopper } from './stopper';

const logger = pino({ level: 'silent' });
const timings = { interruptMs: 100, termAfterMs: 200, killAfterMs: 400, exitGraceMs: 300, killTreeFallbackMs: 100 };

/** A CLI that ignores every signal until `exit()` is called; records what it was sent. */
function stubbornProcess(): ClaudeProcess & { calls: string[]; exit(): void } {
  let exited = false;
  let resolveExit!: (exit: ProcessExit) => void;
  const calls: string[] = [];
  return {
    pid: 4242,
    exited: new Promise<ProcessExit>((resolve) => (resolveExit = resolve)),
    hasExited: () => exited,
    signalGroup: (signal) => void calls.push(`group ${signal}`),
    stderrTail: () => '',
    calls,
    exit() {
      exited = true;
      resolveExit({ code: null, signal: 'SIGKILL' });
    },
  };
}

/** A stopper whose interrupt is never acknowledged, so it has to escalate. */
function stopperFor(proc: ClaudeProcess, killTree?: (pid: number) => void): Stopper {
  const query = { interrupt: () => new Promise<undefined>(() => undefined) };
  return createStopper({ query, abortController: new AbortController(), process: () => proc, logger, timings, ...(killTree ? { killTree } : {}) });
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('a stop that has to escalate to SIGKILL', () => {
  it('has the whole process tree killed while the CLI is alive, and signals the group only if that did not end it', async () => {
    const proc = stubbornProcess();
    const stopper = stopperFor(proc, (pid) => void proc.calls.push(`tree ${pid}`));
    stopper.stop();
    await vi.advanceTimersByTimeAsync(timings.killAfterMs);
    expect(proc.calls).toEqual(['group SIGTERM', 'tree 4242']);
    await vi.advanceTimersByTimeAsync(timings.killTreeFallbackMs);
    expect(proc.calls).toEqual(['group SIGTERM', 'tree 4242', 'group SIGKILL']);
  });

  it('does not signal the group once the tree kill ended the CLI', async () => {
    const proc = stubbornProcess();
    const stopper = stopperFor(proc, () => proc.exit());
    stopper.stop();
    await vi.advanceTimersByTimeAsync(timings.killAfterMs + timings.killTreeFallbackMs * 2);
    expect(proc.calls).toEqual(['group SIGTERM']);
  });

  it('signals the group directly when nothing can kill the tree', async () => {
    const proc = stubbornProcess();
    const stopper = stopperFor(proc);
    stopper.stop();
    await vi.advanceTimersByTimeAsync(timings.killAfterMs);
    expect(proc.calls).toEqual(['group SIGTERM', 'group SIGKILL']);
  });
});
