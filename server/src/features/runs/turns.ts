import type { Logger } from 'pino';
import type { PromptInput } from '../../cli/prompt-input';
import { AppError } from '../../platform/app-error';

/** How long an interrupted run waits for its next message before it ends (its process with it). */
export const DEFAULT_IDLE_AFTER_INTERRUPT_MS = 10 * 60 * 1000;

/**
 * The turns of one run over the CLI's streaming input. A run that completes its turn with nothing more to do
 * ends as it always did (its input ends, the CLI exits); an interrupted turn keeps the process, which waits for
 * the next message (for a bounded time).
 */
export interface TurnControl {
  /** A turn is running: from a message until its result. */
  busy(): boolean;
  /** Starts the next turn with this message; `run.busy` while a turn runs, `run.finished` once the input ended. */
  send(text: string): void;
  /** Ends the running turn but not the process; nothing to do when idle. */
  interrupt(): Promise<void>;
  /** The CLI reported a turn's result: whether it was interrupted (the run then waits for a message). */
  onResult(): { interrupted: boolean };
  /** No more turns: the CLI exits once it is done. Idempotent. */
  end(): void;
}

export function createTurnControl(deps: {
  input: PromptInput;
  interrupt: () => Promise<unknown>;
  logger: Logger;
  firstMessage: string;
  idleMs?: number;
}): TurnControl {
  const { input, logger } = deps;
  let busy = true;
  let interrupting = false;
  let idleTimer: NodeJS.Timeout | undefined;
  input.push(deps.firstMessage);

  const end = (): void => {
    clearTimeout(idleTimer);
    input.end();
  };

  return {
    busy: () => busy,
    send(text) {
      if (input.isEnded()) throw new AppError('run.finished', 'This run has finished; continue the conversation from its history instead');
      if (busy) throw new AppError('run.busy', 'Claude is still working on the current turn: interrupt it first');
      clearTimeout(idleTimer);
      busy = true;
      input.push(text);
    },
    async interrupt() {
      if (!busy || input.isEnded() || interrupting) return;
      interrupting = true;
      logger.info('interrupting the current turn');
      await deps.interrupt();
    },
    onResult() {
      busy = false;
      if (!interrupting) {
        end();
        return { interrupted: false };
      }
      interrupting = false;
      idleTimer = setTimeout(() => {
        logger.info('no message after the interrupt; ending the run');
        input.end();
      }, deps.idleMs ?? DEFAULT_IDLE_AFTER_INTERRUPT_MS);
      idleTimer.unref();
      return { interrupted: true };
    },
    end,
  };
}
