import type { StreamEvent } from '@cui/contract';
import { describe, expect, it } from 'vitest';
import { fixRunEvents } from '@/test-fixtures/fix-run';
import { initialSessionState, sessionReducer } from './session-store';
import { conversationToolMetrics, EMPTY_TALLY, tallyToolEvent } from './tool-metrics';

const multiEdit: StreamEvent[] = [
  {
    type: 'assistant', parent_tool_use_id: null, uuid: 'a1',
    message: { id: 'm1', role: 'assistant', content: [{ type: 'tool_use', id: 'me', name: 'MultiEdit', input: { edits: [{ old_string: 'x', new_string: 'y' }, { old_string: 'p\nq', new_string: 'p' }] } }] },
  },
  { type: 'user', parent_tool_use_id: null, uuid: 'u1', message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'me', content: 'ok' }] } },
];

const byStream = (events: StreamEvent[]) => events.reduce(tallyToolEvent, EMPTY_TALLY);
function byConversation(events: StreamEvent[]) {
  const state = events.reduce((s, event) => sessionReducer(s, { type: 'stream_event', event, receivedAt: 1 }), initialSessionState);
  return conversationToolMetrics(state.messages, state.toolResults);
}

describe('web tool metrics (the one rule of contract/tool-metrics.ts)', () => {
  it('counts a MultiEdit one edit per item, the same from stream events (rows) and from messages (header)', () => {
    const expected = { editCount: 2, writeCount: 0, linesAdded: 1, linesRemoved: 2 };
    expect(byStream(multiEdit).metrics).toEqual(expected);
    expect(byConversation(multiEdit)).toEqual(expected);
  });

  it('counts nothing while the result is pending, then the structured patch of the recorded fix run', () => {
    const pending = fixRunEvents.slice(0, 7);
    expect(byStream(pending).metrics.linesAdded + byConversation(pending).linesAdded).toBe(0);
    expect(byStream(fixRunEvents).metrics).toEqual({ editCount: 1, writeCount: 0, linesAdded: 1, linesRemoved: 1 });
    expect(byConversation(fixRunEvents)).toEqual({ editCount: 1, writeCount: 0, linesAdded: 1, linesRemoved: 1 });
  });
});
