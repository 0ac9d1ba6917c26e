import type { ConversationMessage, StreamEvent } from '@cui/contract';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type ViewMessage, initialSessionState, sessionReducer } from '@/features/live-run';
import { deniedRunEvents } from '../fixtures/denied-run';
import { fixRunEvents } from '@/test-fixtures/fix-run';
import { renderInConversation } from '../fixtures/render';
import { stubListViewport } from '../fixtures/viewport';
import { MessageList } from '../MessageList';
import { mainMessages } from '../visible-messages';
import { MessageItem } from './MessageItem';

function stateFrom(events: StreamEvent[]) {
  return events.reduce((s, event) => sessionReducer(s, { type: 'stream_event', event, receivedAt: 0 }), initialSessionState);
}

const user = (text: string, extra: Partial<ViewMessage> = {}): ViewMessage => ({
  id: `u-${text.length}`, role: 'user', blocks: [{ type: 'text', text }], parentToolUseId: null, isSidechain: false, uuids: [], ...extra,
});

describe('MessageList', () => {
  stubListViewport();

  it('shows the empty state without messages', () => {
    render(<MessageList messages={[]} />);
    expect(screen.getByText('No messages yet. Start by typing a message below.')).toBeInTheDocument();
  });

  it('renders a recorded run: one message per API message, tool results matched by id', () => {
    const state = stateFrom(fixRunEvents);
    const messages = mainMessages(state.messages);
    renderInConversation(<MessageList messages={messages} />, { toolResults: state.toolResults });
    expect(messages).toHaveLength(3);
    expect(screen.getByText("I'll read the file first.")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Read 1 line' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Edit tool' })).toHaveAttribute('data-status', 'completed');
    expect(screen.getByText(/^Done\. Last tool result was ok/)).toBeInTheDocument();
  });

  it('renders a recorded denied Edit as a tool error with its first line', () => {
    const state = stateFrom(deniedRunEvents);
    renderInConversation(<MessageList messages={mainMessages(state.messages)} />, { toolResults: state.toolResults });
    const edit = screen.getByRole('region', { name: 'Edit tool' });
    expect(edit).toHaveTextContent("Error: Claude requested permissions to write to /tmp/example/repo/hello.txt, but you haven't granted it yet.");
    expect(screen.queryByTestId('diff-view')).not.toBeInTheDocument();
  });

  it("shows a decision made from a notification as a note in the list ('Approved from notification')", () => {
    const request = { id: 'p1', streamingId: 'run-1', toolName: 'Edit', toolInput: {}, timestamp: '2026-11-22T00:00:00Z' };
    const state = stateFrom([
      { type: 'permission_request', data: { ...request, status: 'pending' } },
      { type: 'permission_resolved', data: { ...request, status: 'approved', decidedVia: 'notification' } },
    ]);
    renderInConversation(<MessageList messages={mainMessages(state.messages)} />, { toolResults: state.toolResults });
    expect(screen.getByRole('note')).toHaveTextContent('Approved from notification');
  });

  it('shows a tool use pending (spinner) until its result arrives', () => {
    const state = stateFrom(fixRunEvents.slice(0, 7));
    renderInConversation(<MessageList messages={mainMessages(state.messages)} />, { toolResults: state.toolResults });
    expect(screen.getByRole('region', { name: 'Edit tool' })).toHaveAttribute('data-status', 'pending');
    expect(screen.getByRole('status', { name: 'Edit running' })).toBeInTheDocument();
  });
});

describe('turns the CLI injected (issue 16.1)', () => {
  stubListViewport();
  const NOTE = '<task-notification>\n<task-id>af6e304f035a9949e</task-id>\n<output-file>/tmp/claude-0/tasks/af6e.output</output-file>\n<status>completed</status>\n<summary>Agent "Inspect the repository" completed</summary>\nNote for the model: read the output file.\n</task-notification>';
  const history: ConversationMessage[] = [
    { uuid: 'p', type: 'user', message: { role: 'user', content: 'use a subagent' }, timestamp: 't', isSidechain: false, parentUuid: null },
    { uuid: 'n', type: 'user', message: { role: 'user', content: NOTE }, timestamp: 't', isSidechain: false, parentUuid: 'p', origin: { kind: 'task-notification' } },
  ];

  it('shows a task notification from the transcript as a compact line, never a user bubble with its XML', () => {
    const state = sessionReducer(initialSessionState, { type: 'history_loaded', messages: history });
    renderInConversation(<MessageList messages={mainMessages(state.messages)} />);
    expect(screen.getByText('use a subagent', { selector: '[data-role="user"]' })).toBeInTheDocument();
    expect(screen.getByText('Subagent finished')).toBeInTheDocument();
    expect(document.querySelectorAll('[data-role="user"]')).toHaveLength(1);
    expect(document.body.textContent).not.toContain('task-notification');
    expect(document.body.textContent).not.toContain('/tmp/claude-0');
  });

  it('recognises a live task notification by its origin, or by its XML when the mark is missing', () => {
    const events: StreamEvent[] = [
      { type: 'user', uuid: 'n1', parent_tool_use_id: null, message: { role: 'user', content: NOTE.replace('completed</status>', 'failed</status>') }, origin: { kind: 'task-notification' } },
      { type: 'user', uuid: 'n2', parent_tool_use_id: null, message: { role: 'user', content: [{ type: 'text', text: NOTE }] } },
    ];
    renderInConversation(<MessageList messages={mainMessages(stateFrom(events).messages)} />);
    expect(screen.getByText('Subagent failed')).toBeInTheDocument();
    expect(screen.getByText('Subagent finished')).toBeInTheDocument();
    expect(document.querySelectorAll('[data-role="user"]')).toHaveLength(0);
  });
});

describe('mainMessages', () => {
  it('drops sidechain messages and user messages that only carry tool results', () => {
    const history: ConversationMessage[] = [
      { uuid: 'a', type: 'user', message: { role: 'user', content: 'fix the file' }, timestamp: 't', isSidechain: false, parentUuid: null },
      { uuid: 'b', type: 'assistant', message: { id: 'm1', content: [{ type: 'text', text: 'subagent work' }] }, timestamp: 't', isSidechain: true, parentUuid: 'a' },
      { uuid: 'c', type: 'user', message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'x', content: 'ok' }] }, timestamp: 't', isSidechain: false, parentUuid: 'a' },
    ];
    const state = sessionReducer(initialSessionState, { type: 'history_loaded', messages: history });
    expect(mainMessages(state.messages).map((m) => m.id)).toEqual(['a']);
  });
});

describe('MessageItem', () => {
  it('collapses a user message over 8 lines with "... +N lines"', async () => {
    const text = Array.from({ length: 11 }, (_, i) => `row ${i + 1}`).join('\n');
    render(<MessageItem message={user(text)} />);
    expect(screen.queryByText(/row 9/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '... +3 lines' }));
    expect(screen.getByText(/row 11/)).toBeInTheDocument();
  });

  it('renders thinking collapsed and muted, text as markdown', async () => {
    const message: ViewMessage = {
      id: 'm', role: 'assistant', parentToolUseId: null, isSidechain: false, uuids: [],
      blocks: [{ type: 'thinking', thinking: 'pondering the typo' }, { type: 'text', text: 'Use `hello`' }],
    };
    render(<MessageItem message={message} />);
    expect(screen.queryByText('pondering the typo')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Thinking' }));
    expect(screen.getByText('pondering the typo')).toBeInTheDocument();
    expect(screen.getByText('hello').tagName).toBe('CODE');
  });

  it('renders a stream error as a red error block', () => {
    render(<MessageItem message={{ ...user('CLI exited with code 1'), role: 'error' }} />);
    expect(screen.getByRole('alert')).toHaveTextContent('CLI exited with code 1');
  });
});
