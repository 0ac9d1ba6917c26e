import { describe, expect, it } from 'vitest';
import { createPartialMessageMapper } from './partial-messages';

const streamEvent = (event: Record<string, unknown>, parent: string | null = null) => ({ type: 'stream_event', event, parent_tool_use_id: parent, uuid: 'u', session_id: 's' });
const start = (id: string) => ({ type: 'message_start', message: { id, role: 'assistant', content: [] } });
const delta = (index: number, d: Record<string, unknown>) => ({ type: 'content_block_delta', index, delta: d });

describe('partial message mapper', () => {
  it('names text and thinking deltas with the id of the message being streamed', () => {
    const mapper = createPartialMessageMapper();
    expect(mapper.map(streamEvent(start('msg_1')))).toBeUndefined();
    expect(mapper.map(streamEvent({ type: 'content_block_start', index: 0, content_block: { type: 'thinking' } }))).toBeUndefined();
    expect(mapper.map(streamEvent(delta(0, { type: 'thinking_delta', thinking: 'hmm' })))).toEqual({ messageId: 'msg_1', index: 0, kind: 'thinking', text: 'hmm', parent_tool_use_id: null });
    expect(mapper.map(streamEvent(delta(1, { type: 'text_delta', text: 'Hi' })))).toMatchObject({ messageId: 'msg_1', index: 1, kind: 'text', text: 'Hi' });
  });

  it('skips tool input deltas, empty pieces, other messages and deltas before any message_start', () => {
    const mapper = createPartialMessageMapper();
    expect(mapper.map(streamEvent(delta(0, { type: 'text_delta', text: 'orphan' })))).toBeUndefined();
    mapper.map(streamEvent(start('msg_1')));
    expect(mapper.map(streamEvent(delta(0, { type: 'input_json_delta', partial_json: '{"a' })))).toBeUndefined();
    expect(mapper.map(streamEvent(delta(0, { type: 'text_delta', text: '' })))).toBeUndefined();
    expect(mapper.map({ type: 'assistant', message: { id: 'msg_1', content: [] } })).toBeUndefined();
  });

  it('keeps the current message per subagent, so interleaved streams keep their own ids', () => {
    const mapper = createPartialMessageMapper();
    mapper.map(streamEvent(start('main')));
    mapper.map(streamEvent(start('sub'), 'toolu_1'));
    expect(mapper.map(streamEvent(delta(0, { type: 'text_delta', text: 'a' })))).toMatchObject({ messageId: 'main', parent_tool_use_id: null });
    expect(mapper.map(streamEvent(delta(0, { type: 'text_delta', text: 'b' }), 'toolu_1'))).toMatchObject({ messageId: 'sub', parent_tool_use_id: 'toolu_1' });
  });
});
