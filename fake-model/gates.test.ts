import { describe, expect, it } from 'vitest';
import { createGates, gateOf } from './gates';

describe('fake model gates', () => {
  it('reads the gate a prompt names', () => {
    expect(gateOf('fix the typo [gate:edit-1]')).toBe('edit-1');
    expect(gateOf('fix the typo')).toBeUndefined();
    expect(gateOf('[gate:]')).toBeUndefined();
  });

  it('holds a reply until it is released, oldest first, by gate and step', async () => {
    const gates = createGates();
    const order: string[] = [];
    const never = new AbortController().signal;
    const a0 = gates.hold({ gate: 'a', scenario: 'fix', step: 0 }, never).then(() => order.push('a0'));
    const a1 = gates.hold({ gate: 'a', scenario: 'fix', step: 1 }, never).then(() => order.push('a1'));
    const b0 = gates.hold({ gate: 'b', scenario: 'echo', step: 0 }, never).then(() => order.push('b0'));
    expect(gates.held().map((h) => `${h.gate}${h.step}`)).toEqual(['a0', 'a1', 'b0']);
    expect(gates.release('a', 1)).toBe(true);
    await a1;
    expect(gates.release('a')).toBe(true);
    await a0;
    expect(gates.release('a')).toBe(false);
    gates.releaseAll();
    await b0;
    expect(order).toEqual(['a1', 'a0', 'b0']);
    expect(gates.held()).toEqual([]);
  });

  it('tells a waiting test when a matching reply is held, and drops a reply whose client went away', async () => {
    const gates = createGates();
    const waiting = gates.whenHeld('g', 2);
    const gone = new AbortController();
    const held = gates.hold({ gate: 'g', scenario: 'fix', step: 1 }, gone.signal);
    void gates.hold({ gate: 'g', scenario: 'fix', step: 2 }, new AbortController().signal);
    expect(await waiting).toEqual({ gate: 'g', scenario: 'fix', step: 2 });
    gone.abort();
    await held;
    expect(gates.held()).toEqual([{ gate: 'g', scenario: 'fix', step: 2 }]);
    expect(await gates.whenHeld('g')).toEqual({ gate: 'g', scenario: 'fix', step: 2 });
  });
});
