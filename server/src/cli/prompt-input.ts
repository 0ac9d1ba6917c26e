import { randomUUID } from 'node:crypto';
import type { SDKUserMessage } from '@anthropic-ai/claude-agent-sdk';

/**
 * The CLI's input in streaming-input mode (`query({prompt: asyncIterable})`): the user messages of a run, pushed
 * as they come. While it is open the CLI process stays alive between turns; ending it lets the CLI exit once its
 * current turn is done (the SDK closes its stdin).
 */
export interface PromptInput extends AsyncIterable<SDKUserMessage> {
  /**
   * Queues a user message for the CLI, stamped with a fresh id (it becomes the transcript line's `uuid`: what a
   * rewind of files or a branch names the message by). Ignored once ended.
   */
  push(text: string): void;
  /** No more messages. Idempotent. */
  end(): void;
  isEnded(): boolean;
}

export function createPromptInput(): PromptInput {
  const queued: SDKUserMessage[] = [];
  let ended = false;
  let wake: (() => void) | undefined;
  const notify = (): void => {
    wake?.();
    wake = undefined;
  };
  async function* messages(): AsyncGenerator<SDKUserMessage> {
    for (;;) {
      const next = queued.shift();
      if (next) {
        yield next;
        continue;
      }
      if (ended) return;
      await new Promise<void>((resolve) => (wake = resolve));
    }
  }
  return {
    push(text) {
      if (ended) return;
      queued.push({ type: 'user', message: { role: 'user', content: text }, parent_tool_use_id: null, uuid: randomUUID() });
      notify();
    },
    end() {
      ended = true;
      notify();
    },
    isEnded: () => ended,
    [Symbol.asyncIterator]: () => messages(),
  };
}
