import type { Query } from '@anthropic-ai/claude-agent-sdk';
import type { Logger } from 'pino';
import type { ClaudeProcess, ProcessExit } from '../../cli/claude-process';

/**
 * How a stop escalates (ms after the stop). Interrupt first: the CLI ends its turn cleanly (the transcript
 * records the interruption) and exits within ~100 ms once stdin closes. If it does not, SIGTERM then SIGKILL
 * go to its whole process group, all well inside the 5 s promise.
 */
export interface StopTimings {
  /** How long to wait for the CLI to acknowledge the interrupt before closing its input anyway. */
  interruptMs: number;
  termAfterMs: number;
  killAfterMs: number;
  /** After the SDK is done, how long the process may take to exit on its own before it is terminated. */
  exitGraceMs: number;
  /** How long a tree kill may take before the process group is SIGKILLed directly. */
  killTreeFallbackMs: number;
}

export const DEFAULT_STOP_TIMINGS: StopTimings = { interruptMs: 1000, termAfterMs: 1500, killAfterMs: 3500, exitGraceMs: 3000, killTreeFallbackMs: 1000 };

export interface Stopper {
  /** Starts the stop sequence once; later calls do nothing. */
  stop(): void;
  requested(): boolean;
  /** Waits for the process to be gone (escalating if it lingers), then kills leftovers in its group. */
  awaitExit(): Promise<ProcessExit | undefined>;
}

function within<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), ms)));
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export function createStopper(deps: {
  query: Pick<Query, 'interrupt'>;
  abortController: AbortController;
  process: () => ClaudeProcess | undefined;
  logger: Logger;
  timings?: Partial<StopTimings>;
  /**
   * Kills the live CLI with all its descendants. The CLI runs each Bash command in a session of its own, outside
   * its process group: a CLI that must be SIGKILLed cannot end them itself, and once it is dead they are out of reach.
   */
  killTree?: (pid: number) => void;
}): Stopper {
  const timings = { ...DEFAULT_STOP_TIMINGS, ...deps.timings };
  let requested = false;

  const signal = (proc: ClaudeProcess, name: NodeJS.Signals): void => {
    const { killTree } = deps;
    if (name !== 'SIGKILL' || !killTree || proc.pid === undefined || proc.hasExited()) return proc.signalGroup(name);
    // Not the group at once: the tree must be walked while the CLI is alive (its children are then still its own).
    killTree(proc.pid);
    const fallback = setTimeout(() => {
      if (!proc.hasExited()) proc.signalGroup('SIGKILL');
    }, timings.killTreeFallbackMs);
    fallback.unref();
    void proc.exited.then(() => clearTimeout(fallback));
  };

  const escalate = (name: NodeJS.Signals, afterMs: number): void => {
    const timer = setTimeout(() => {
      const proc = deps.process();
      if (proc && !proc.hasExited()) {
        deps.logger.info({ pid: proc.pid, signal: name }, 'cli still running after stop; signalling its process group');
        signal(proc, name);
      }
    }, afterMs);
    void deps.process()?.exited.then(() => clearTimeout(timer));
    timer.unref();
  };

  return {
    stop() {
      if (requested) return;
      requested = true;
      deps.logger.info({ pid: deps.process()?.pid }, 'stopping run');
      const interrupted = deps.query.interrupt().catch((error: unknown) => deps.logger.debug({ err: error }, 'interrupt not delivered'));
      void within(interrupted, timings.interruptMs).then(() => deps.abortController.abort());
      escalate('SIGTERM', timings.termAfterMs);
      escalate('SIGKILL', timings.killAfterMs);
    },
    requested: () => requested,
    async awaitExit() {
      const proc = deps.process();
      if (!proc) return undefined;
      let exit = await within(proc.exited, timings.exitGraceMs);
      if (!exit) {
        deps.logger.warn({ pid: proc.pid }, 'cli did not exit after its output ended; terminating it');
        proc.signalGroup('SIGTERM');
        exit = await within(proc.exited, timings.killAfterMs - timings.termAfterMs);
      }
      if (!exit) {
        signal(proc, 'SIGKILL');
        exit = await within(proc.exited, 2000);
      }
      // The CLI is gone; anything it started in its group goes too (no orphans).
      proc.signalGroup('SIGKILL');
      return exit;
    },
  };
}
