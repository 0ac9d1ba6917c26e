import type { ConversationMessage } from '@cui/contract';
import { describe, expect, it } from 'vitest';
import { initialSessionState, sessionReducer } from './session-store';

const base = { timestamp: 't', isSidechain: false, parentUuid: null };
const prompt = (uuid: string, text: string): ConversationMessage => ({ ...base, uuid, type: 'user', message: { role: 'user', content: text } });
const assistant = (uuid: string, id: string, content: unknown[]): ConversationMessage => ({ ...base, uuid, type: 'assistant', message: { id, role: 'assistant', content } as ConversationMessage['message'] });
const result = (uuid: string, toolUseId: string): ConversationMessage => ({
  ...base, uuid, type: 'user', message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: toolUseId, content: 'done' }] }, toolUseResult: { stdout: 'done' },
});

describe('sessionReducer: history windows', () => {
  it('puts an older window before the messages held, merging an API message cut by the edge and keeping known results', () => {
    // The newest window starts in the middle of API message m2 (its tool_use line); the older one holds its text line.
    const newest = [assistant('a2b', 'm2', [{ type: 'tool_use', id: 'toolu_1', name: 'Bash', input: {} }]), result('r1', 'toolu_1'), prompt('u3', 'next')];
    const older = [prompt('u1', 'first'), assistant('a1', 'm1', [{ type: 'text', text: 'hello' }]), assistant('a2a', 'm2', [{ type: 'text', text: 'running it' }])];
    const loaded = sessionReducer(initialSessionState, { type: 'history_loaded', messages: newest });
    const state = sessionReducer(loaded, { type: 'history_prepended', messages: older });
    expect(state.messages.map((m) => m.id)).toEqual(['u1', 'm1', 'm2', 'r1', 'u3']);
    expect(state.messages[2]?.blocks.map((b) => b.type)).toEqual(['text', 'tool_use']);
    expect(state.index).toEqual({ u1: 0, m1: 1, m2: 2, r1: 3, u3: 4 });
    expect(state.toolResults.toolu_1).toMatchObject({ status: 'completed', result: 'done', structured: { stdout: 'done' } });
  });
});
