import type { WaitingPermission } from '@cui/contract';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InboxButton } from './InboxButton';

const MINUTE = 60_000;

function item(id: string, overrides: Partial<WaitingPermission> = {}): WaitingPermission {
  return {
    id,
    streamingId: `run-${id}`,
    sessionId: `session-${id}`,
    sessionTitle: `Task ${id}`,
    toolName: 'Edit',
    summary: 'hello.txt',
    timestamp: new Date(Date.now() - 2 * MINUTE).toISOString(),
    ...overrides,
  };
}

/** The server side: the inbox stream the test writes lists into, and the decision route. */
function fakeServer(decisionStatus = 200) {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const decisions: Array<{ url: string; body: unknown }> = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    if (url === '/api/permissions/waiting') {
      return new Response(new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) }), { status: 200 });
    }
    decisions.push({ url, body: JSON.parse(String(init.body)) });
    return decisionStatus === 200
      ? Response.json({ success: true, permission: {} })
      : Response.json({ error: 'Permission request x was already approved', code: 'permission.already_decided' }, { status: decisionStatus });
  });
  vi.stubGlobal('fetch', fetchMock);
  const send = (permissions: WaitingPermission[]) =>
    act(() => controller.enqueue(new TextEncoder().encode(`: heartbeat\n${JSON.stringify({ type: 'waiting', permissions })}\n`)));
  return { send, decisions, fetchMock };
}

function Location() {
  return <output data-testid="location">{useLocation().pathname + useLocation().search}</output>;
}

function renderButton() {
  render(
    <MemoryRouter initialEntries={['/']}>
      <Routes>
        <Route path="*" element={<><InboxButton /><Location /></>} />
      </Routes>
    </MemoryRouter>,
  );
}

async function openList() {
  await userEvent.click(await screen.findByRole('button', { name: /Needs you/ }));
  return screen.findByRole('dialog', { name: 'Waiting for you' });
}

const row = (list: HTMLElement, title: string) => within(list).getByText(title).closest('li') as HTMLElement;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('InboxButton', () => {
  it('is absent while nothing waits, counts live, and goes when the list empties', async () => {
    const server = fakeServer();
    renderButton();
    await vi.waitFor(() => expect(server.fetchMock).toHaveBeenCalled());
    await server.send([]);
    await server.send([item('a'), item('b')]);
    expect(await screen.findByRole('button', { name: 'Needs you: 2 requests waiting' })).toHaveTextContent('2');
    await server.send([item('b')]);
    expect(await screen.findByRole('button', { name: 'Needs you: 1 request waiting' })).toBeInTheDocument();
    await server.send([]);
    await vi.waitFor(() => expect(screen.queryByRole('button', { name: /Needs you/ })).not.toBeInTheDocument());
  });

  it('lists each request with its session, tool, summary and age', async () => {
    const server = fakeServer();
    renderButton();
    await vi.waitFor(() => expect(server.fetchMock).toHaveBeenCalled());
    await server.send([item('a'), item('b', { toolName: 'Bash', summary: 'npm test', sessionTitle: '' })]);
    const list = await openList();
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(row(list, 'Task a')).toHaveTextContent('Edit: hello.txt');
    expect(row(list, 'Task a')).toHaveTextContent('2m ago');
    expect(row(list, 'Untitled session')).toHaveTextContent('Bash: npm test');
  });

  it('approves and denies from the list, by keyboard too', async () => {
    const server = fakeServer();
    renderButton();
    await vi.waitFor(() => expect(server.fetchMock).toHaveBeenCalled());
    await server.send([item('a'), item('b')]);
    (await screen.findByRole('button', { name: /Needs you/ })).focus();
    await userEvent.keyboard('{Enter}');
    const list = await screen.findByRole('dialog', { name: 'Waiting for you' });
    await userEvent.click(within(row(list, 'Task a')).getByRole('button', { name: 'Approve' }));
    await userEvent.click(within(row(list, 'Task b')).getByRole('button', { name: 'Deny' }));
    expect(server.decisions).toEqual([
      { url: '/api/permissions/a/decision', body: { action: 'approve', via: 'inbox' } },
      { url: '/api/permissions/b/decision', body: { action: 'deny', via: 'inbox' } },
    ]);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens the conversation and closes the list', async () => {
    const server = fakeServer();
    renderButton();
    await vi.waitFor(() => expect(server.fetchMock).toHaveBeenCalled());
    await server.send([item('a')]);
    const list = await openList();
    await userEvent.click(within(row(list, 'Task a')).getByRole('link', { name: 'Open' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/c/session-a');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("opens the conversation's Changes panel", async () => {
    const server = fakeServer();
    renderButton();
    await vi.waitFor(() => expect(server.fetchMock).toHaveBeenCalled());
    await server.send([item('a')]);
    const list = await openList();
    await userEvent.click(within(row(list, 'Task a')).getByRole('link', { name: 'Changes' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/c/session-a?panel=changes');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('offers no blind Approve for a question, and says when a decision failed', async () => {
    const server = fakeServer(409);
    renderButton();
    await vi.waitFor(() => expect(server.fetchMock).toHaveBeenCalled());
    await server.send([item('q', { toolName: 'AskUserQuestion', summary: 'Which colour?' })]);
    const list = await openList();
    const question = row(list, 'Task q');
    expect(within(question).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    await userEvent.click(within(question).getByRole('button', { name: 'Deny' }));
    expect(await within(question).findByRole('alert')).toHaveTextContent('Failed to send permission decision');
  });

  it('gives its connection back while the page is hidden and reads the list afresh when shown', async () => {
    const server = fakeServer();
    renderButton();
    await vi.waitFor(() => expect(server.fetchMock).toHaveBeenCalledTimes(1));
    const signal = server.fetchMock.mock.calls[0]?.[1]?.signal as AbortSignal;
    const setVisibility = (state: DocumentVisibilityState) => {
      vi.spyOn(document, 'visibilityState', 'get').mockReturnValue(state);
      act(() => void document.dispatchEvent(new Event('visibilitychange')));
    };
    setVisibility('hidden');
    expect(signal.aborted).toBe(true);
    setVisibility('visible');
    await vi.waitFor(() => expect(server.fetchMock).toHaveBeenCalledTimes(2));
    await server.send([item('a')]);
    expect(await screen.findByRole('button', { name: 'Needs you: 1 request waiting' })).toBeInTheDocument();
  });
});
