import type { ConversationMessage, StreamEvent } from '@cui/contract';
import { describe, expect, it } from 'vitest';
import { initialSessionState, type SessionState, sessionReducer } from './session-store';
import { fromConversationMessage } from './view-message';

/** Issue 26.7: what the CLI writes about the session shows as system lines, not as the user's bubbles. */

const feed = (events: StreamEvent[], state: SessionState = initialSessionState) =>
  events.reduce((s, event) => sessionReducer(s, { type: 'stream_event', event, receivedAt: 1 }), state);

const interrupted = { type: 'user', uuid: 'u-int', message: { role: 'user', content: [{ type: 'text', text: '[Request interrupted by user]' }] } } as StreamEvent;

function historyLine(type: 'user' | 'system', content: ConversationMessage['message']['content'], extra: Record<string, unknown> = {}): ConversationMessage {
  return { type, uuid: `h-${type}`, parentUuid: null, sessionId: 's', timestamp: '2026-11-26T00:00:00.000Z', isSidechain: false, message: { role: type, content, ...extra } } as ConversationMessage;
}

describe('system lines of the CLI', () => {
  it('shows the interruption marker as a notice, live and from history, and the user words as a bubble', () => {
    const live = feed([interrupted, { type: 'user', uuid: 'u-2', message: { role: 'user', content: 'go on' } } as StreamEvent]);
    expect(live.messages.map((m) => [m.role, m.blocks[0]?.text])).toEqual([['notice', '[Request interrupted by user]'], ['user', 'go on']]);
    const fromHistory = fromConversationMessage(historyLine('user', [{ type: 'text', text: '[Request interrupted by user for tool use]' }]));
    expect(fromHistory).toMatchObject({ role: 'notice', blocks: [{ type: 'text', text: '[Request interrupted by user for tool use]' }] });
    expect(fromConversationMessage(historyLine('user', 'Why was the [Request interrupted by user] shown?')).role).toBe('user');
  });

  it('shows a compact boundary as a notice and the summary it continues with as an injected turn', () => {
    const boundary = fromConversationMessage(historyLine('system', 'Conversation compacted', { subtype: 'compact_boundary' }));
    expect(boundary).toMatchObject({ role: 'notice', blocks: [{ text: 'Conversation compacted' }] });
    const live = feed([{ type: 'system', subtype: 'compact_boundary', uuid: 'cb-1', compact_metadata: { trigger: 'manual' } } as StreamEvent]);
    expect(live.messages).toMatchObject([{ id: 'cb-1', role: 'notice', blocks: [{ text: 'Conversation compacted' }] }]);
    const summary = fromConversationMessage(historyLine('user', 'This session is being continued from a previous conversation that ran out of context.'));
    expect(summary).toMatchObject({ role: 'user', injected: 'compact-summary' });
  });

  it('says a live switch of mode and model where it happened', () => {
    const state = feed([{ type: 'system', subtype: 'run_switched', permissionMode: 'plan', model: 'claude-haiku-4-5', seq: 7 } as StreamEvent]);
    expect(state.messages.map((m) => [m.role, m.blocks[0]?.text])).toEqual([['notice', 'Permission mode switched to Plan · Model switched to claude-haiku-4-5']]);
  });

  it("never shows 'Initializing...' while text is being typed", () => {
    const initialized = feed([{ type: 'system_init', cwd: '/r', session_id: 's', seq: 0 } as StreamEvent]);
    expect(initialized.currentStatus).toBe('Initializing...');
    const typing = feed([{ type: 'assistant_delta', messageId: 'm1', index: 0, kind: 'text', offset: 0, text: 'Hel' } as StreamEvent], initialized);
    expect(typing.currentStatus).toBe('Thinking...');
  });
});
