import type { ConversationMessage, StreamEvent } from '@cui/contract';
import { describe, expect, it } from 'vitest';
import { initialSessionState, sessionReducer } from '@/features/live-run';
import { mainMessages } from './visible-messages';

/** CLI 2.1.330's answer to `/cost`, as its transcript writes it and the server streams it (same uuid). */
const COST = '<local-command-stdout>Estimated cost:        $0.0000\nTotal duration (API):  0s</local-command-stdout>';
const UUID = 'd7bbc748-d3d2-4da4-8342-4514d410956d';

describe("a local slash command's output (system line, subtype local_command)", () => {
  it('reaches the view model from history as system output, shown in the main list', () => {
    const history: ConversationMessage[] = [
      { uuid: 'p', type: 'user', message: { role: 'user', content: 'hi' }, timestamp: 't', isSidechain: false, parentUuid: null },
      { uuid: UUID, type: 'system', message: { content: COST, subtype: 'local_command' }, timestamp: 't', isSidechain: false, parentUuid: 'p' },
      // The command's own echo (no output tags) and other system lines stay hidden; a compact boundary is a notice (issue 26.7).
      { uuid: 'echo', type: 'system', message: { content: '/login', subtype: 'local_command' }, timestamp: 't', isSidechain: false, parentUuid: UUID },
      { uuid: 'other', type: 'system', message: { content: 'Conversation compacted', subtype: 'compact_boundary' }, timestamp: 't', isSidechain: false, parentUuid: 'echo' },
      { uuid: 'retry', type: 'system', message: { content: 'Retrying', subtype: 'api_retry' }, timestamp: 't', isSidechain: false, parentUuid: 'other' },
    ];
    const state = sessionReducer(initialSessionState, { type: 'history_loaded', messages: history, replace: true });
    const shown = mainMessages(state.messages);
    expect(shown.map((m) => [m.id, m.role, m.commandOutput ?? false])).toEqual([['p', 'user', false], [UUID, 'system', true], ['other', 'notice', false]]);
    expect(shown[1]?.blocks).toEqual([{ type: 'text', text: 'Estimated cost:        $0.0000\nTotal duration (API):  0s' }]);
  });

  it('reaches it live from the stream, once, and the transcript line of the same uuid does not double it', () => {
    const event: StreamEvent = { type: 'system', subtype: 'local_command', content: COST, uuid: UUID, session_id: 's', seq: 2 };
    const live = sessionReducer(initialSessionState, { type: 'stream_event', event, receivedAt: 1 });
    expect(mainMessages(live.messages).map((m) => [m.id, m.role, m.commandOutput])).toEqual([[UUID, 'system', true]]);
    const again = sessionReducer(live, { type: 'history_loaded', messages: [{ uuid: UUID, type: 'system', message: { content: COST, subtype: 'local_command' }, timestamp: 't', isSidechain: false, parentUuid: null }] });
    expect(mainMessages(again.messages)).toHaveLength(1);
  });
});
