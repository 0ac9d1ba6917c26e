import type { Cui } from '../fixtures';

/** How long a test waits for the fake model to reach a held step. */
const WAIT_MS = 30_000;

/**
 * The test's handle on a gated fake-model conversation (see fake-model/gates.ts): the prompt carries
 * `[gate:NAME]`, every model reply of that run waits at its step until released, so the page can be looked at in
 * each intermediate state for as long as needed.
 */
export interface FakeGate {
  /** The prompt with the gate marker appended. */
  prompt(text: string): string;
  /** Resolves once the reply at `step` is held (the state before it is then complete on the server). */
  held(step: number): Promise<void>;
  /** Lets the held reply at `step` go. */
  release(step: number): Promise<void>;
}

export function fakeGate(cui: Cui, name: string): FakeGate {
  const base = `${cui.fakeUrl}/_fake/gates/${encodeURIComponent(name)}`;
  return {
    prompt: (text) => `${text} [gate:${name}]`,
    async held(step) {
      const response = await fetch(`${base}/wait?step=${step}`, { signal: AbortSignal.timeout(WAIT_MS) });
      if (!response.ok) throw new Error(`gate ${name} step ${step}: ${response.status}`);
    },
    async release(step) {
      const response = await fetch(`${base}/release?step=${step}`, { method: 'POST' });
      if (!response.ok) throw new Error(`gate ${name}: no reply held at step ${step} (${response.status})`);
    },
  };
}
