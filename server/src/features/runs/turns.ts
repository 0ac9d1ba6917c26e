import { randomUUID } from 'node:crypto';
import type { ImageAttachment, QueuedMessage } from '@cui/contract';
import type { Logger } from 'pino';
import type { PromptInput } from '../../cli/prompt-input';
import { AppError } from '../../platform/app-error';

/** How long an interrupted run waits for its next message before it ends (its process with it). */
export const DEFAULT_IDLE_AFTER_INTERRUPT_MS = 10 * 60 * 1000;

/**
 * The turns of one run over the CLI's streaming input. A run that completes its turn with nothing queued ends as
 * it always did (its input ends, the CLI exits); queued messages run in order, one turn each, as the turns end;
 * an interrupted turn keeps the process, which waits for the next message (for a bounded time).
 */
export interface TurnControl {
  /** A turn is running: from a message until its result. */
  busy(): boolean;
  /**
   * The next message: starts a turn at once when idle (null), else it is queued (its entry); `now` puts it first
   * and interrupts the running turn. `run.finished` once the input ended.
   */
  send(text: string, priority?: 'next' | 'now', images?: readonly ImageAttachment[]): QueuedMessage | null;
  /** Removes a queued message before it starts; `run.message_not_found` otherwise. */
  unqueue(id: string): void;
  /** Moves a queued message to the front and interrupts the turn, so it runs next; `run.message_not_found` otherwise. */
  sendNow(id: string): void;
  /** Ends the running turn but not the process; nothing to do when idle. */
  interrupt(): Promise<void>;
  /** The CLI reported a turn's result: whether it was interrupted (the run then goes on). */
  onResult(): { interrupted: boolean };
  /** No more turns: the CLI exits once it is done; queued messages are dropped. Idempotent. */
  end(): void;
}

export interface TurnControlDeps {
  input: PromptInput;
  interrupt: () => Promise<unknown>;
  logger: Logger;
  firstMessage: string;
  firstImages?: readonly ImageAttachment[] | undefined;
  idleMs?: number;
  /** The queue changed; `started` is the queued message that just began as a turn. */
  onQueueChanged?: (queued: QueuedMessage[], started?: QueuedMessage) => void;
}

/** An interrupted run waits this long for its next message, then its input ends (and its CLI exits). */
function endWhenIdle(input: PromptInput, logger: Logger, ms: number): NodeJS.Timeout {
  const timer = setTimeout(() => {
    logger.info('no message after the interrupt; ending the run');
    input.end();
  }, ms);
  timer.unref();
  return timer;
}

export function createTurnControl(deps: TurnControlDeps): TurnControl {
  const { input, logger } = deps;
  const queue: QueuedMessage[] = [];
  /** The images of queued messages (the wire's QueuedMessage names the text only). */
  const queuedImages = new Map<string, readonly ImageAttachment[]>();
  let busy = true;
  let interrupting = false;
  let idleTimer: NodeJS.Timeout | undefined;
  input.push(deps.firstMessage, deps.firstImages);

  const changed = (started?: QueuedMessage): void => deps.onQueueChanged?.(queue.slice(), started);
  const startTurn = (text: string, images?: readonly ImageAttachment[]): void => {
    clearTimeout(idleTimer);
    busy = true;
    input.push(text, images);
  };
  const interrupt = async (): Promise<void> => {
    if (!busy || input.isEnded() || interrupting) return;
    interrupting = true;
    logger.info('interrupting the current turn');
    await deps.interrupt();
  };
  const take = (id: string): QueuedMessage => {
    const at = queue.findIndex((entry) => entry.id === id);
    const [entry] = at < 0 ? [] : queue.splice(at, 1);
    if (!entry) throw new AppError('run.message_not_found', 'This message is no longer queued: it started already or was removed');
    return entry;
  };
  const interruptForNow = (): void => {
    void interrupt().catch((error: unknown) => logger.warn({ err: error }, 'interrupt for a message sent now failed'));
  };
  const end = (): void => {
    clearTimeout(idleTimer);
    input.end();
  };

  return {
    busy: () => busy,
    send(text, priority, images) {
      if (input.isEnded()) throw new AppError('run.finished', 'This run has finished; continue the conversation from its history instead');
      if (!busy) {
        startTurn(text, images);
        return null;
      }
      const entry: QueuedMessage = { id: randomUUID(), text, queuedAt: new Date().toISOString() };
      if (images?.length) queuedImages.set(entry.id, images);
      if (priority === 'now') queue.unshift(entry);
      else queue.push(entry);
      changed();
      if (priority === 'now') interruptForNow();
      return entry;
    },
    unqueue(id) {
      queuedImages.delete(take(id).id);
      changed();
    },
    sendNow(id) {
      queue.unshift(take(id));
      changed();
      interruptForNow();
    },
    interrupt,
    onResult() {
      busy = false;
      const interrupted = interrupting;
      interrupting = false;
      const next = queue.shift();
      if (next) {
        startTurn(next.text, queuedImages.get(next.id));
        queuedImages.delete(next.id);
        changed(next);
      } else if (!interrupted) {
        end();
      } else {
        idleTimer = endWhenIdle(input, logger, deps.idleMs ?? DEFAULT_IDLE_AFTER_INTERRUPT_MS);
      }
      return { interrupted };
    },
    end,
  };
}
