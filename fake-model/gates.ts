/**
 * Gates: a prompt containing `[gate:NAME]` makes every model reply of that conversation (its subagents' too) wait
 * until the test releases it, so a test can look at each intermediate state of a run for as long as it likes.
 * Auxiliary requests (titles, summaries) are never held.
 */

/** `[gate:NAME]`: letters, digits, `-` and `_`. */
const GATE_PATTERN = /\[gate:([\w-]+)\]/;

/** The gate a prompt names, if any. */
export function gateOf(prompt: string): string | undefined {
  return GATE_PATTERN.exec(prompt)?.[1];
}

/** A reply being held: its gate, the scenario answering and the step it would answer. */
export interface HeldReply {
  gate: string;
  scenario: string;
  step: number;
}

interface Entry extends HeldReply {
  release(): void;
}

export interface Gates {
  /** Resolves when the test releases this reply (or the fake closes); `abandon` (client gone) drops it. */
  hold(reply: HeldReply, abandon: AbortSignal): Promise<void>;
  /** Replies waiting now, oldest first. */
  held(): HeldReply[];
  /** Releases the oldest held reply of `gate` (and `step`, if given); false when none matches. */
  release(gate: string, step?: number): boolean;
  /** Resolves once a reply of `gate` (at `step`, if given) is held: at once if one is. */
  whenHeld(gate: string, step?: number): Promise<HeldReply>;
  /** Releases everything (the fake is closing). */
  releaseAll(): void;
}

export function createGates(): Gates {
  const entries: Entry[] = [];
  const watchers: { gate: string; step?: number; notify(reply: HeldReply): void }[] = [];
  const matches = (reply: HeldReply, gate: string, step?: number): boolean => reply.gate === gate && (step === undefined || reply.step === step);
  const remove = (entry: Entry): void => {
    const index = entries.indexOf(entry);
    if (index >= 0) entries.splice(index, 1);
  };
  const plain = ({ gate, scenario, step }: HeldReply): HeldReply => ({ gate, scenario, step });

  return {
    hold(reply, abandon) {
      return new Promise<void>((resolve) => {
        const entry: Entry = { ...plain(reply), release: resolve };
        entries.push(entry);
        abandon.addEventListener('abort', () => (remove(entry), resolve()), { once: true });
        for (const watcher of watchers.filter((w) => matches(entry, w.gate, w.step))) {
          watchers.splice(watchers.indexOf(watcher), 1);
          watcher.notify(plain(entry));
        }
      });
    },
    held: () => entries.map(plain),
    release(gate, step) {
      const entry = entries.find((e) => matches(e, gate, step));
      if (!entry) return false;
      remove(entry);
      entry.release();
      return true;
    },
    whenHeld(gate, step) {
      const entry = entries.find((e) => matches(e, gate, step));
      if (entry) return Promise.resolve(plain(entry));
      return new Promise((notify) => watchers.push({ gate, ...(step === undefined ? {} : { step }), notify }));
    },
    releaseAll() {
      for (const entry of entries.splice(0)) entry.release();
    },
  };
}
