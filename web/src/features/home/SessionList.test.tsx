import { act, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SESSION_INFO, type ConversationSummary } from '@cui/contract';
import { announceSessionsChanged } from '@/app/sessions-changed';
import { TooltipProvider } from '@/ui';
import { LIST_VERSION_POLL_MS } from './live/use-list-version';
import { SessionList } from './SessionList';
import { makeRow } from './test-rows';

function stubList(rows: ConversationSummary[]) {
  const fetchFn = vi.fn(async (url: string) => {
    if (url.startsWith('/api/conversations/version')) return new Response(JSON.stringify({ version: 'v1' }));
    if (url.startsWith('/api/conversations')) return new Response(JSON.stringify({ conversations: rows, total: rows.length }));
    // Streams of ongoing rows stay open without events.
    return new Response(new ReadableStream());
  });
  vi.stubGlobal('fetch', fetchFn);
  return fetchFn;
}

function renderList(tab: 'tasks' | 'history' | 'archive' = 'tasks') {
  return render(
    <MemoryRouter>
      <TooltipProvider>
        <SessionList tab={tab} />
      </TooltipProvider>
    </MemoryRouter>,
  );
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('SessionList', () => {
  it('asks for the tab filters sorted by update, first page 20', async () => {
    const fetchFn = stubList([]);
    renderList('history');
    expect(await screen.findByText('No history tasks.')).toBeInTheDocument();
    const url = new URL(String(fetchFn.mock.calls[0]?.[0]), 'http://x');
    expect(Object.fromEntries(url.searchParams)).toEqual({ hasContinuation: 'true', sortBy: 'updated', order: 'desc', pinnedFirst: 'true', limit: '20', offset: '0' });
  });

  it('History says what its rows are and links each to the conversation that continues it (the newest of a chain)', async () => {
    const info = (continuation: string) => ({ sessionInfo: { ...DEFAULT_SESSION_INFO, continuation_session_id: continuation } });
    stubList([makeRow('aaa', { summary: 'Fix login', ...info('bbb') }), makeRow('bbb', { summary: 'Fix login', ...info('ccc') }), makeRow('ddd', { summary: 'Docs', ...info('eee') })]);
    renderList('history');
    expect(await screen.findByText(/earlier parts of your conversations/i)).toBeInTheDocument();
    const rows = within(screen.getByRole('list', { name: 'Sessions' })).getAllByRole('listitem');
    const continued = rows.map((row) => within(row).getByRole('link', { name: /^Continued in/ }).getAttribute('href'));
    expect(continued).toEqual(['/c/ccc', '/c/ccc', '/c/eee']);
    // The row itself still opens the old part.
    expect(within(rows[0] as HTMLElement).getByRole('link', { name: 'Fix login' })).toHaveAttribute('href', '/c/aaa');
  });

  it('other tabs neither explain History nor link continuations', async () => {
    stubList([makeRow('aaa', { summary: 'Fix login' })]);
    renderList('tasks');
    await screen.findByRole('link', { name: 'Fix login' });
    expect(screen.queryByText(/earlier parts of your conversations/i)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Continued in/ })).not.toBeInTheDocument();
  });

  it('shows the empty text of each tab', async () => {
    stubList([]);
    const { unmount } = renderList('tasks');
    expect(await screen.findByText('No active tasks.')).toBeInTheDocument();
    unmount();
    renderList('archive');
    expect(await screen.findByText('No archived tasks.')).toBeInTheDocument();
  });

  it('renders title, project, message count and line changes, linking to the conversation', async () => {
    stubList([
      makeRow('aaa', {
        summary: 'Fix login', projectPath: '/home/me/web-app', messageCount: 12, toolMetrics: { editCount: 1, writeCount: 0, linesAdded: 10, linesRemoved: 3 },
        usage: { inputTokens: 12_000, outputTokens: 345, cacheCreationTokens: 0, cacheReadTokens: 0, costUsd: 0.0412 },
      }),
      makeRow('bbb', { summary: '', projectPath: '', messageCount: 1 }),
    ]);
    renderList();
    const first = (await screen.findByRole('link', { name: 'Fix login' })).closest('li') as HTMLElement;
    expect(screen.getByRole('link', { name: 'Fix login' })).toHaveAttribute('href', '/c/aaa');
    expect(within(first).getByText('web-app')).toBeInTheDocument();
    expect(within(first).getByText('12 messages')).toBeInTheDocument();
    expect(within(first).getByText('+10')).toBeInTheDocument();
    expect(within(first).getByText('−3')).toBeInTheDocument();
    expect(within(first).getByText('$0.04')).toHaveAttribute('title', '12.3k tokens · $0.04');
    const second = screen.getByRole('link', { name: 'New conversation' }).closest('li') as HTMLElement;
    expect(within(second).getByText('No project')).toBeInTheDocument();
    expect(within(second).queryByText(/^\+/)).not.toBeInTheDocument();
    expect(within(second).queryByTestId('row-usage')).not.toBeInTheDocument();
    expect(screen.getByText('No more tasks to load')).toBeInTheDocument();
  });

  it("keeps the spec's relative age ('450d ago') and shows the full date as its tooltip (issue 16.10)", async () => {
    const updatedAt = new Date(Date.now() - 450 * 24 * 3600 * 1000 - 60_000).toISOString();
    stubList([makeRow('aaa', { summary: 'Old task', updatedAt })]);
    renderList();
    const row = (await screen.findByRole('link', { name: 'Old task' })).closest('li') as HTMLElement;
    const age = within(row).getByText('450d ago');
    expect(age).toHaveAttribute('title', new Date(updatedAt).toLocaleString());
    expect(age.closest('time')).toHaveAttribute('datetime', updatedAt);
  });

  it('shows Running and Stop task on an ongoing row, and Archive on completed ones', async () => {
    stubList([makeRow('live', { status: 'ongoing', streamingId: 'run-1', summary: 'Busy' }), makeRow('done', { summary: 'Done' })]);
    renderList();
    const live = (await screen.findByRole('link', { name: 'Busy' })).closest('li') as HTMLElement;
    expect(within(live).getByText('Running')).toBeInTheDocument();
    expect(within(live).getByRole('button', { name: 'Stop task' })).toBeInTheDocument();
    expect(within(live).queryByRole('button', { name: 'Archive' })).not.toBeInTheDocument();
    const done = screen.getByRole('link', { name: 'Done' }).closest('li') as HTMLElement;
    expect(within(done).getByRole('button', { name: 'Archive' })).toBeInTheDocument();
  });

  it("shows 'Active in terminal' without Stop task on a session a terminal CLI is running, and opens no run stream", async () => {
    const fetchFn = stubList([makeRow('term', { status: 'ongoing', liveSource: 'terminal', summary: 'In the terminal' })]);
    renderList();
    const row = (await screen.findByRole('link', { name: 'In the terminal' })).closest('li') as HTMLElement;
    expect(within(row).getByTestId('live-status')).toHaveTextContent('Active in terminal');
    expect(within(row).queryByRole('button', { name: 'Stop task' })).not.toBeInTheDocument();
    expect(fetchFn.mock.calls.map((call) => String(call[0])).filter((url) => url.startsWith('/api/stream/'))).toEqual([]);
  });

  it('reloads when the list version moves: a terminal row turns completed, a new terminal session shows', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let inTerminal = true;
    vi.stubGlobal('fetch', vi.fn(async (url: string) => {
      if (url.startsWith('/api/conversations/version')) return new Response(JSON.stringify({ version: inTerminal ? 'v1' : 'v2' }));
      const rows = [
        makeRow('term', { summary: 'In the terminal', ...(inTerminal ? { status: 'ongoing' as const, liveSource: 'terminal' as const } : {}) }),
        ...(inTerminal ? [] : [makeRow('fresh', { summary: 'Started meanwhile', status: 'ongoing', liveSource: 'terminal' })]),
      ];
      return new Response(JSON.stringify({ conversations: rows, total: rows.length }));
    }));
    renderList();
    const row = (await screen.findByRole('link', { name: 'In the terminal' })).closest('li') as HTMLElement;
    expect(within(row).getByTestId('live-status')).toHaveTextContent('Active in terminal');
    await waitFor(() => expect(vi.mocked(fetch).mock.calls.some((call) => String(call[0]).startsWith('/api/conversations/version'))).toBe(true));
    // Home rows hold no follow streams: the connection budget is the run streams' and the inbox's.
    expect(vi.mocked(fetch).mock.calls.some((call) => String(call[0]).endsWith('/follow'))).toBe(false);
    inTerminal = false;
    await act(() => vi.advanceTimersByTimeAsync(LIST_VERSION_POLL_MS));
    await waitFor(() => expect(within(row).queryByTestId('live-status')).not.toBeInTheDocument());
    expect(within(row).getByRole('button', { name: 'Archive' })).toBeInTheDocument();
    const fresh = (await screen.findByRole('link', { name: 'Started meanwhile' })).closest('li') as HTMLElement;
    expect(within(fresh).getByTestId('live-status')).toHaveTextContent('Active in terminal');
  });

  it('reloads a list answered during the first index at the next version answer, moved or not, until it is final', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let indexing = true;
    const fetchFn = vi.fn(async (url: string) => {
      if (url.startsWith('/api/conversations/version')) return new Response(JSON.stringify({ version: 'final' }));
      const row = makeRow('early', { summary: indexing ? 'First prompt' : 'Linked summary' });
      return new Response(JSON.stringify({ conversations: [row], total: 30, ...(indexing ? { indexing: true } : {}) }));
    });
    vi.stubGlobal('fetch', fetchFn);
    renderList();
    expect(await screen.findByText('First prompt')).toBeInTheDocument();
    indexing = false;
    await act(() => vi.advanceTimersByTimeAsync(LIST_VERSION_POLL_MS));
    expect(await screen.findByText('Linked summary')).toBeInTheDocument();
    const lists = (): number => fetchFn.mock.calls.filter((call) => String(call[0]).startsWith('/api/conversations?')).length;
    const settled = lists();
    await act(() => vi.advanceTimersByTimeAsync(LIST_VERSION_POLL_MS * 2));
    expect(lists()).toBe(settled);
  });

  it('does not reload while the list version stays the same', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchFn = stubList([makeRow('quiet', { summary: 'Quiet' })]);
    renderList();
    expect(await screen.findByText('Quiet')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(LIST_VERSION_POLL_MS * 3));
    const urls = fetchFn.mock.calls.map((call) => String(call[0]));
    expect(urls.filter((url) => url.startsWith('/api/conversations/version')).length).toBeGreaterThanOrEqual(3);
    expect(urls.filter((url) => url.startsWith('/api/conversations?'))).toHaveLength(1);
  });

  it('reloads when sessions changed elsewhere (Settings › Archive All)', async () => {
    const fetchFn = stubList([makeRow('s-archived', { summary: 'soon archived' })]);
    renderList('tasks');
    expect(await screen.findByText('soon archived')).toBeInTheDocument();
    fetchFn.mockImplementation(async () => new Response(JSON.stringify({ conversations: [], total: 0 })));
    act(() => announceSessionsChanged());
    expect(await screen.findByText('No active tasks.')).toBeInTheDocument();
  });

  it('shows the load error text when the first page fails', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ error: 'boom', code: 'internal' }), { status: 500 })));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderList();
    expect(await screen.findByText('Failed to load conversations')).toBeInTheDocument();
  });

  it('turns an ongoing row into a completed one when its run closes, and reloads the list', async () => {
    const events = [{ type: 'connected', streamingId: 'run-1' }, { type: 'system_init', cwd: '/w', session_id: 'live' }, { type: 'closed', streamingId: 'run-1', seq: 2 }];
    let listCalls = 0;
    let releaseStream: () => void = () => undefined;
    const streamGate = new Promise<void>((resolve) => (releaseStream = resolve));
    vi.stubGlobal('fetch', vi.fn(async (url: string) => {
      if (url.startsWith('/api/conversations/version')) return new Response(JSON.stringify({ version: 'v1' }));
      if (url.startsWith('/api/conversations')) {
        listCalls += 1;
        const row = makeRow('live', { summary: 'Busy', ...(listCalls === 1 ? { status: 'ongoing' as const, streamingId: 'run-1' } : {}) });
        return new Response(JSON.stringify({ conversations: [row], total: 1 }));
      }
      await streamGate;
      return new Response(events.map((e) => JSON.stringify(e)).join('\n') + '\n');
    }));
    renderList();
    const live = (await screen.findByRole('link', { name: 'Busy' })).closest('li') as HTMLElement;
    expect(within(live).getByText('Running')).toBeInTheDocument();
    releaseStream();
    await waitFor(() => expect(within(live).queryByRole('button', { name: 'Stop task' })).not.toBeInTheDocument());
    expect(within(live).getByRole('button', { name: 'Archive' })).toBeInTheDocument();
    await waitFor(() => expect(listCalls).toBe(2));
  });
});
