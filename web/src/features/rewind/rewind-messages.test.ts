import type { ConversationMessage } from '@cui/contract';
import { describe, expect, it } from 'vitest';
import { rewindItems } from './rewind-messages';

const message = (uuid: string, type: 'user' | 'assistant', content: ConversationMessage['message']['content'], extra: Partial<ConversationMessage> = {}): ConversationMessage => ({
  uuid, type, message: { role: type, content } as ConversationMessage['message'], timestamp: '2026-01-01T00:00:00Z', isSidechain: false, parentUuid: null, ...extra,
});

describe('rewindItems', () => {
  it("keeps the user's prompts and the assistant's texts, each with the entry before it", () => {
    const messages = [
      message('u1', 'user', 'fix the file'),
      message('a1', 'assistant', [{ type: 'text', text: "I'll read it." }, { type: 'tool_use', id: 't1', name: 'Read', input: {} }]),
      message('r1', 'user', [{ type: 'tool_result', tool_use_id: 't1', content: 'helo' }]),
      message('a2', 'assistant', [{ type: 'tool_use', id: 't2', name: 'Edit', input: {} }]),
      message('s1', 'assistant', 'from a subagent', { isSidechain: true }),
      message('c1', 'user', '<command-name>/cost</command-name>'),
      message('u2', 'user', 'thanks'),
    ];
    expect(rewindItems(messages)).toEqual([
      { uuid: 'u1', role: 'user', text: 'fix the file', before: undefined },
      { uuid: 'a1', role: 'assistant', text: "I'll read it.", before: 'u1' },
      { uuid: 'u2', role: 'user', text: 'thanks', before: 'c1' },
    ]);
  });
});
