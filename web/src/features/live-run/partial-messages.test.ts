import type { StreamEvent } from '@cui/contract';
import { describe, expect, it } from 'vitest';
import { EMPTY_TALLY } from './tool-metrics';
import type { ViewMessage } from './view-message';
import { applyDelta, completePartial, NO_PARTIALS, withPartials } from './partial-messages';
import { initialSessionState, sessionReducer, type SessionState } from './session-store';
import { statusTextFor } from './status-text';
import { reduceLiveStatus } from './use-live-status';

type Delta = Extract<StreamEvent, { type: 'assistant_delta' }>;
const delta = (offset: number, text: string, over: Partial<Delta> = {}): Delta => ({ type: 'assistant_delta', messageId: 'msg_1', index: 0, kind: 'text', offset, text, ...over });
const assistant = (content: { type: 'text'; text: string }[] | { type: 'thinking'; thinking: string }[], seq: number): Extract<StreamEvent, { type: 'assistant' }> => ({
  type: 'assistant', message: { id: 'msg_1', role: 'assistant', content }, uuid: `u-${seq}`, seq,
});
const feed = (events: StreamEvent[], state: SessionState = initialSessionState) =>
  events.reduce((s, event) => sessionReducer(s, { type: 'stream_event', event, receivedAt: 1 }), state);
const shown = (state: SessionState): ViewMessage[] => withPartials(state.messages, state.index, state.partials);

describe('partial messages', () => {
  it('grows a block piece by piece; a whole snapshot (offset 0) or a repeated piece is harmless', () => {
    let partials = applyDelta(NO_PARTIALS, delta(0, 'Hello'));
    partials = applyDelta(partials, delta(5, ' wor'));
    partials = applyDelta(partials, delta(0, 'Hello wor'));
    partials = applyDelta(partials, delta(9, 'ld'));
    expect(partials.msg_1?.blocks).toEqual([{ index: 0, kind: 'text', text: 'Hello world' }]);
    expect(applyDelta(partials, delta(99, 'gap'))).toBe(partials);
  });

  it('shows the provisional text as the message, then the complete message in its place: one block, no duplicate', () => {
    const typing = feed([delta(0, 'Hello'), delta(5, ' world')]);
    expect(shown(typing)).toEqual([expect.objectContaining({ id: 'msg_1', role: 'assistant', blocks: [{ type: 'text', text: 'Hello world' }] })]);
    const done = feed([assistant([{ type: 'text', text: 'Hello world' }], 3)], typing);
    expect(done.partials).toEqual({});
    expect(shown(done)).toHaveLength(1);
    expect(shown(done)[0]?.blocks).toEqual([{ type: 'text', text: 'Hello world' }]);
  });

  it('keeps a completed thinking block first and the text being typed after it, in block order', () => {
    const state = feed([delta(0, 'hmm', { kind: 'thinking' }), assistant([{ type: 'thinking', thinking: 'hmm' }], 1), delta(0, 'Answer', { index: 1 })]);
    expect(shown(state)[0]?.blocks).toEqual([{ type: 'thinking', thinking: 'hmm' }, { type: 'text', text: 'Answer' }]);
    expect(completePartial(state.partials, assistant([{ type: 'thinking', thinking: 'x' }], 2))).toBe(state.partials);
  });

  it('drops provisional text at the end of the turn and of the run', () => {
    expect(feed([delta(0, 'cut'), { type: 'result', subtype: 'error_during_execution', session_id: 's', seq: 4 }]).partials).toEqual({});
    expect(feed([delta(0, 'cut'), { type: 'closed', streamingId: 'r', seq: 4 }]).partials).toEqual({});
  });

  it('leaves the status texts as they were (conversation status line and home rows)', () => {
    const thinking = feed([assistant([{ type: 'text', text: 'a' }], 1)]);
    const after = feed([delta(0, 'more', { messageId: 'msg_2' })], thinking);
    expect(after.currentStatus).toBe('Thinking...');
    expect(after.lastEvent).toBe(thinking.lastEvent);
    expect(statusTextFor(delta(0, 'x'))).toBeUndefined();
    const row = { connectionState: 'connected' as const, currentStatus: 'Editing file...', lastEvent: null, lastEventTime: null, toolMetrics: EMPTY_TALLY.metrics, tally: EMPTY_TALLY };
    expect(reduceLiveStatus(row, delta(0, 'x'), 5)).toBe(row);
  });
});
