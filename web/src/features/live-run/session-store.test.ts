import type { ConversationMessage, PermissionRequest, StreamEvent } from '@cui/contract';
import { describe, expect, it } from 'vitest';
import { fixRunEvents } from '@/test-fixtures/fix-run';
import type { ViewMessage } from './view-message';
import { initialSessionState, type SessionState, sessionReducer } from './session-store';
import { conversationToolMetrics } from './tool-metrics';

const feed = (events: StreamEvent[], state: SessionState = initialSessionState) =>
  events.reduce((s, event) => sessionReducer(s, { type: 'stream_event', event, receivedAt: 1 }), state);

const permission = (id: string, timestamp: string, status: PermissionRequest['status'] = 'pending'): PermissionRequest => ({
  id, streamingId: 'run-1', toolName: 'Edit', toolInput: { file_path: '/r/a.txt' }, timestamp, status,
});

describe('sessionReducer', () => {
  it('groups the events of one API message (same message.id) into one message', () => {
    const state = feed(fixRunEvents);
    const assistants = state.messages.filter((m) => m.role === 'assistant');
    expect(assistants).toHaveLength(3);
    expect(assistants[0]?.blocks.map((b) => b.type)).toEqual(['text', 'tool_use']);
  });

  it('keeps a tool use pending until its tool_result arrives, then completes it with the structured result', () => {
    const upToEdit = fixRunEvents.slice(0, 7);
    const pending = feed(upToEdit);
    expect(pending.toolResults.toolu_fakemwr49ab1b).toEqual({ status: 'pending', result: '', is_error: false });
    const done = feed(fixRunEvents.slice(7, 8), pending);
    expect(done.toolResults.toolu_fakemwr49ab1b?.status).toBe('completed');
    expect(done.toolResults.toolu_fakemwr49ab1b?.structured).toMatchObject({ structuredPatch: [{ lines: ['-helo wrld', '+hello world'] }] });
  });

  it('applies a replayed event once', () => {
    const once = feed(fixRunEvents);
    const twice = feed(fixRunEvents, once);
    expect(twice.messages).toEqual(once.messages);
  });

  it('merges stream events with the same uuid as loaded history without duplicating', () => {
    const history: ConversationMessage[] = [{
      uuid: '4688c90d-16fb-4ce7-8cdc-27ded94bf2d2', type: 'assistant', timestamp: '2026-11-22T00:46:23.021Z', isSidechain: false, parentUuid: null,
      message: { id: 'msg_fakemwr49a06a', role: 'assistant', content: [{ type: 'text', text: "I'll read the file first." }] },
    }];
    const loaded = sessionReducer(initialSessionState, { type: 'history_loaded', messages: history });
    const state = feed(fixRunEvents, loaded);
    expect(state.messages.filter((m) => m.role === 'assistant')).toHaveLength(3);
    expect(state.messages[0]?.blocks.map((b) => b.type)).toEqual(['text', 'tool_use']);
  });

  it('tracks the status text, run session id, result and tool metrics', () => {
    const state = feed(fixRunEvents.slice(0, -1));
    expect(state.currentStatus).toBe('Completed');
    expect(state.sessionId).toBe('f5e5690f-09dc-4067-859b-1172c39a0d71');
    expect(state.cwd).toBe('/tmp/example/repo');
    expect(state.result?.subtype).toBe('success');
    expect(conversationToolMetrics(state.messages, state.toolResults)).toEqual({ editCount: 1, writeCount: 0, linesAdded: 1, linesRemoved: 1 });
  });

  it('shows a permission request until permission_resolved, and closed clears it', () => {
    const request = permission('p1', '2026-11-22T00:00:00Z');
    const asked = feed([{ type: 'permission_request', data: request }]);
    expect(asked.pendingPermission?.id).toBe('p1');
    expect(asked.currentStatus).toBe('Awaiting approval...');
    expect(feed([{ type: 'permission_resolved', data: { ...request, status: 'approved' } }], asked).pendingPermission).toBeNull();
    expect(feed([{ type: 'closed', streamingId: 'run-1' }], asked).pendingPermission).toBeNull();
  });

  it("says 'Approved from notification' / 'Denied from notification' once, and nothing for a console decision", () => {
    const first = permission('p1', '2026-11-22T00:00:00Z');
    const second = permission('p2', '2026-11-22T00:01:00Z');
    const decided: StreamEvent[] = [
      { type: 'permission_request', data: first },
      { type: 'permission_resolved', data: { ...first, status: 'approved', decidedVia: 'notification' } },
      { type: 'permission_request', data: second },
      { type: 'permission_resolved', data: { ...second, status: 'denied', decidedVia: 'notification' } },
    ];
    const state = feed(decided);
    const notices = (s: SessionState) => s.messages.filter((m) => m.role === 'notice').map((m) => m.blocks[0]);
    expect(notices(state)).toEqual([{ type: 'text', text: 'Approved from notification' }, { type: 'text', text: 'Denied from notification' }]);
    expect(state.pendingPermission).toBeNull();
    expect(notices(feed(decided, state))).toHaveLength(2);
    const inConsole = feed([{ type: 'permission_resolved', data: { ...first, status: 'approved', decidedVia: 'console' } }]);
    expect(notices(inConsole)).toEqual([]);
    expect(notices(sessionReducer(state, { type: 'history_loaded', messages: [], replace: true }))).toHaveLength(2);
  });

  it('shows the latest pending permission by timestamp when loaded', () => {
    const state = sessionReducer(initialSessionState, {
      type: 'permissions_loaded',
      permissions: [permission('old', '2026-11-22T00:00:00Z'), permission('new', '2026-11-22T00:01:00Z'), permission('done', '2026-11-22T00:02:00Z', 'approved')],
    });
    expect(state.pendingPermission?.id).toBe('new');
  });

  it('files subagent messages under their parent tool use', () => {
    const state = feed([
      { type: 'assistant', message: { id: 'm1', content: [{ type: 'tool_use', id: 'task1', name: 'Agent', input: { description: 'x' } }] }, uuid: 'u1' },
      { type: 'assistant', message: { id: 'm2', content: [{ type: 'text', text: 'inside' }] }, parent_tool_use_id: 'task1', uuid: 'u2' },
    ]);
    expect(state.children.task1).toEqual(['m2']);
    expect(state.messages[1]?.isSidechain).toBe(true);
  });

  it('adds stream error events as error messages', () => {
    const state = feed([{ type: 'error', error: 'CLI crashed', seq: 3 }]);
    expect(state.messages[0]).toMatchObject({ role: 'error', blocks: [{ type: 'text', text: 'CLI crashed' }] });
  });
});

describe('sessionReducer history replace', () => {
  it('rebuilds from the transcript but keeps stream-only subagent messages and errors', () => {
    const streamed = feed([
      { type: 'assistant', message: { id: 'm1', content: [{ type: 'tool_use', id: 'task1', name: 'Agent', input: {} }] }, uuid: 'u1' },
      { type: 'assistant', message: { id: 'm2', content: [{ type: 'text', text: 'inside' }] }, parent_tool_use_id: 'task1', uuid: 'u2' },
      { type: 'error', error: 'stderr noise', seq: 9 },
    ]);
    const withLocal = sessionReducer(streamed, {
      type: 'local_message',
      message: { id: 'local-1', role: 'user', blocks: [{ type: 'text', text: 'hi' }], parentToolUseId: null, isSidechain: false, uuids: ['local-1'] },
    });
    const history: ConversationMessage[] = [
      { uuid: 'p', type: 'user', message: { role: 'user', content: 'hi' }, timestamp: 't', isSidechain: false, parentUuid: null },
      { uuid: 'u1', type: 'assistant', message: { id: 'm1', content: [{ type: 'tool_use', id: 'task1', name: 'Agent', input: {} }] }, timestamp: 't', isSidechain: false, parentUuid: 'p' },
    ];
    const state = sessionReducer(withLocal, { type: 'history_loaded', messages: history, replace: true });
    expect(state.messages.map((m) => m.id)).toEqual(['p', 'm1', 'm2', 'error-9']);
    expect(state.children.task1).toEqual(['m2']);
    expect(state.toolResults.task1?.status).toBe('pending');
  });

  describe('the prompt that started the run (written to the transcript about half a second late)', () => {
    const earlier: ConversationMessage[] = [
      { uuid: 'p0', type: 'user', message: { role: 'user', content: 'fix the file' }, timestamp: 't', isSidechain: false, parentUuid: null },
      { uuid: 'a0', type: 'assistant', message: { id: 'm0', content: [{ type: 'text', text: 'Done.' }] }, timestamp: 't', isSidechain: false, parentUuid: 'p0' },
    ];
    const prompt = (text: string): ConversationMessage => ({ uuid: 'p1', type: 'user', message: { role: 'user', content: text }, timestamp: 't', isSidechain: false, parentUuid: 'a0' });
    const typed = (state: SessionState) => state.messages.filter((m) => m.role === 'user').map((m) => m.blocks[0]?.text);

    it('is shown after the history when the transcript does not have it yet (a fork of an earlier session, or a new one)', () => {
      const forked = sessionReducer(initialSessionState, { type: 'history_loaded', messages: earlier, pendingPrompt: 'fix it after all' });
      expect(typed(forked)).toEqual(['fix the file', 'fix it after all']);
      const fresh = sessionReducer(initialSessionState, { type: 'history_loaded', messages: [], pendingPrompt: 'start' });
      expect(typed(fresh)).toEqual(['start']);
    });

    it('is not shown twice when the transcript already ends with it, even the same text sent again', () => {
      const written = [...earlier, prompt('fix the file')];
      expect(typed(sessionReducer(initialSessionState, { type: 'history_loaded', messages: written, pendingPrompt: 'fix the file' }))).toEqual(['fix the file', 'fix the file']);
      expect(typed(sessionReducer(initialSessionState, { type: 'history_loaded', messages: earlier, pendingPrompt: 'fix the file' }))).toEqual(['fix the file']);
    });

    it('gives way to the transcript once the run ends (the history is rebuilt)', () => {
      const shown = sessionReducer(initialSessionState, { type: 'history_loaded', messages: earlier, pendingPrompt: 'again' });
      const written = [...earlier, prompt('again')];
      const settled = sessionReducer(shown, { type: 'history_loaded', messages: written, replace: true });
      expect(settled.messages.map((m) => m.id)).toEqual(['p0', 'm0', 'p1']);
    });
  });
});

const userText = (text: string): ViewMessage => ({ id: `local-${text}`, role: 'user', blocks: [{ type: 'text', text }], parentToolUseId: null, isSidechain: false, uuids: [`local-${text}`], timestamp: '2026-11-23T00:00:00.000Z' });

describe('the next message of a run waiting after an interrupt', () => {
  const interrupted: StreamEvent = { type: 'result', subtype: 'error_during_execution', interrupted: true, session_id: 's', seq: 2 };
  const answered: StreamEvent = { type: 'result', subtype: 'success', session_id: 's', seq: 4 };
  const closed: StreamEvent = { type: 'closed', streamingId: 'r1', seq: 5 };
  const texts = (state: SessionState) => state.messages.filter((m) => m.role === 'user').map((m) => m.blocks.map((b) => (b.type === 'text' ? b.text : '')).join(''));

  it('shows the message and Running at once when the send is answered first', () => {
    const started = sessionReducer(feed([interrupted]), { type: 'turn_started', message: userText('go on') });
    expect(started.result).toBeNull();
    expect(started.currentStatus).toBe('Running');
    expect(texts(started)).toEqual(['go on']);
  });

  it("leaves the new turn's result and the run's end alone when the send is answered after the stream carried them", () => {
    const late = sessionReducer(feed([interrupted, answered, closed]), { type: 'turn_started', message: userText('go on') });
    expect(late.result).toEqual(answered);
    expect(late.currentStatus).toBe('Closed');
    expect(late.closed).toBe(true);
    expect(texts(late)).toEqual([]);
    const beforeTheEnd = sessionReducer(feed([interrupted, answered]), { type: 'turn_started', message: userText('go on') });
    expect(beforeTheEnd.result).toEqual(answered);
  });
});

describe('context window fill', () => {
  it("keeps the last result's context fill across the next turn and a result without one", () => {
    const result = (seq: number, contextUsage?: { usedTokens: number; windowTokens: number }): StreamEvent => ({
      type: 'result', subtype: 'success', session_id: 's', seq, ...(contextUsage ? { contextUsage } : {}),
    });
    const first = feed([result(1, { usedTokens: 1200, windowTokens: 200_000 })]);
    expect(first.contextUsage).toEqual({ usedTokens: 1200, windowTokens: 200_000 });
    const next = feed([result(3)], sessionReducer(first, { type: 'turn_started', message: userText('go on') }));
    expect(next.contextUsage).toEqual({ usedTokens: 1200, windowTokens: 200_000 });
  });
});
