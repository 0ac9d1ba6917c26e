import { describe, expect, it } from 'vitest';
import { createLogPanelReducer, initialLogPanelState } from './log-buffer';

describe('log panel reducer', () => {
  it('keeps at most `capacity` lines, dropping the oldest, with stable increasing ids', () => {
    const reduce = createLogPanelReducer(3);
    let state = reduce(initialLogPanelState, { type: 'reset', lines: ['a', 'b'] });
    state = reduce(state, { type: 'append', lines: ['c', 'd'] });
    expect(state.lines).toEqual([
      { id: 1, raw: 'b' },
      { id: 2, raw: 'c' },
      { id: 3, raw: 'd' },
    ]);
  });

  it('reset replaces the lines (reopening loads the recent entries again), clear empties them', () => {
    const reduce = createLogPanelReducer(10);
    let state = reduce(initialLogPanelState, { type: 'append', lines: ['a'] });
    state = reduce(state, { type: 'reset', lines: ['x', 'y'] });
    expect(state.lines.map((line) => line.raw)).toEqual(['x', 'y']);
    expect(state.lines[0]?.id).toBe(1);
    expect(reduce(state, { type: 'clear' }).lines).toEqual([]);
  });

  it('tracks the connection status', () => {
    const reduce = createLogPanelReducer();
    const connected = reduce(initialLogPanelState, { type: 'connected', connected: true });
    expect(connected.connected).toBe(true);
    expect(reduce(connected, { type: 'connected', connected: false }).connected).toBe(false);
  });
});
