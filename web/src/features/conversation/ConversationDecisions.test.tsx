import type { ConversationMessage, PermissionDecisionRecord } from '@cui/contract';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderConversationPage } from './fixtures/conversation-page';
import { installFakeApi, json } from './fixtures/fake-api';
import { summaryFixture } from './fixtures/summary';
import { stubListViewport } from './fixtures/viewport';
import { withDecisionNotes } from './permissions/decision-notes';
import { decisionNoticeMessage, type ViewMessage } from '@/features/live-run';

const SID = 'f5e5690f-09dc-4067-859b-1172c39a0d71';
const base = { timestamp: '2026-11-22T00:46:22.000Z', isSidechain: false, parentUuid: null };

function editTurn(n: number): ConversationMessage[] {
  const id = `toolu_${n}`;
  return [
    { ...base, uuid: `t-${n}`, type: 'assistant', message: { role: 'assistant', content: [{ type: 'text', text: `editing file ${n}` }, { type: 'tool_use', id, name: 'Edit', input: { file_path: `/tmp/repo/f${n}.txt`, old_string: 'a', new_string: 'b' } }] } },
    { ...base, uuid: `r-${n}`, type: 'user', message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content: 'ok' }] } },
  ];
}

const decision = (n: number, status: 'approved' | 'denied', decidedVia: PermissionDecisionRecord['decidedVia']): PermissionDecisionRecord => ({
  permissionId: `p${n}`, sessionId: SID, toolUseId: `toolu_${n}`, toolName: 'Edit', status, decidedVia, decidedAt: '2026-11-22T00:47:00.000Z',
});

afterEach(() => vi.unstubAllGlobals());

describe('ConversationView: decisions remembered (issue 29.7)', () => {
  stubListViewport();

  it("says from history who decided each request away from the page ('Approved from notification', 'Denied from inbox'), each under its tool use", async () => {
    const messages = [{ ...base, uuid: 'u-0', type: 'user', message: { role: 'user', content: 'fix the files' } } as ConversationMessage, ...editTurn(1), ...editTurn(2), ...editTurn(3)];
    const { calls } = installFakeApi({
      [`GET /api/conversations/${SID}`]: () => json({ messages, summary: 'fix the files', projectPath: '/tmp/repo', metadata: {} }),
      [`GET /api/conversations/${SID}/decisions`]: () => json({ decisions: [decision(1, 'approved', 'notification'), decision(2, 'denied', 'inbox'), decision(3, 'approved', 'console')] }),
      'GET /api/conversations': () => json({ conversations: [summaryFixture()], total: 1 }),
      'GET /api/permissions': () => json({ permissions: [] }),
    });
    renderConversationPage(SID);
    await waitFor(() => expect(screen.getAllByRole('note').map((note) => note.textContent)).toEqual(['Approved from notification', 'Denied from inbox']));
    const [approved, denied] = screen.getAllByRole('note');
    const follows = (earlier: Node, later: Node) => (earlier.compareDocumentPosition(later) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
    expect(follows(screen.getByText('editing file 1'), approved!)).toBe(true);
    expect(follows(approved!, screen.getByText('editing file 2'))).toBe(true);
    expect(follows(screen.getByText('editing file 2'), denied!)).toBe(true);
    expect(follows(denied!, screen.getByText('editing file 3'))).toBe(true);
    expect(calls.some((call) => call.url.pathname === `/api/conversations/${SID}/decisions`)).toBe(true);
  });
});

describe('withDecisionNotes', () => {
  const assistant = (id: string, toolUseId: string): ViewMessage => ({
    id, role: 'assistant', blocks: [{ type: 'tool_use', id: toolUseId, name: 'Edit', input: {} }], parentToolUseId: null, isSidechain: false, uuids: [id],
  });

  it('adds nothing the live stream already said, for a tool use not held, or without a tool use id', () => {
    const held = [assistant('m1', 'toolu_1'), decisionNoticeMessage('p1', 'Approved from notification')];
    const noToolUse = { ...decision(4, 'approved', 'notification'), toolUseId: undefined };
    expect(withDecisionNotes(held, [decision(1, 'approved', 'notification'), decision(9, 'denied', 'notification'), noToolUse])).toBe(held);
  });
});
