import type { ConversationMessage, PermissionRequest } from '@cui/contract';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useParams } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { TooltipProvider } from '@/ui';
import { ConversationView } from './ConversationView';
import { fakeStream, type FakeStream, installFakeApi, json } from './fixtures/fake-api';
import { fixRunEvents } from '@/test-fixtures/fix-run';
import { permissionFixtures } from './fixtures/permissions';
import { summaryFixture } from './fixtures/summary';
import { stubListViewport } from './fixtures/viewport';

// The view loads its composer on demand: loaded once here, it appears without waiting for the transform.
beforeAll(async () => {
  await import('@/features/composer');
});

const SID = 'f5e5690f-09dc-4067-859b-1172c39a0d71';
const prompt: ConversationMessage = {
  uuid: 'u-prompt', type: 'user', message: { role: 'user', content: 'fix the file' }, timestamp: '2026-11-22T00:46:22.000Z', isSidechain: false, parentUuid: null,
};

function Page() {
  const { sessionId = '' } = useParams();
  return <ConversationView key={sessionId} sessionId={sessionId} />;
}

function renderPage() {
  render(
    <TooltipProvider>
      <MemoryRouter initialEntries={[`/c/${SID}`]}>
        <Routes>
          <Route path="/c/:sessionId" element={<><Page /><Location /></>} />
        </Routes>
      </MemoryRouter>
    </TooltipProvider>,
  );
}

function Location() {
  const { sessionId } = useParams();
  return <output data-testid="location">{sessionId}</output>;
}

function api(options: { ongoing?: boolean; permissions?: PermissionRequest[]; overrides?: Parameters<typeof installFakeApi>[0] } = {}) {
  const streams: FakeStream[] = [];
  const fake = installFakeApi({
    [`GET /api/conversations/${SID}`]: () => json({ messages: [prompt], summary: 'fix the file', projectPath: '/tmp/example/repo', metadata: {} }),
    'GET /api/conversations': () => json({ conversations: [summaryFixture(options.ongoing ? { status: 'ongoing', streamingId: 'run-1' } : {})], total: 1 }),
    'GET /api/stream/run-1': () => {
      const { response, stream } = fakeStream();
      streams.push(stream);
      return response;
    },
    'GET /api/permissions': () => json({ permissions: options.permissions ?? [] }),
    [`POST /api/permissions/${permissionFixtures.edit.id}/decision`]: () => json({ success: true, permission: { ...permissionFixtures.edit, status: 'approved' } }),
    ...options.overrides,
  });
  return { ...fake, streams };
}

afterEach(() => vi.unstubAllGlobals());

describe('ConversationView', () => {
  stubListViewport();

  it('opens a completed conversation: history, title, no live status', async () => {
    const { calls } = api();
    renderPage();
    expect(await screen.findByText('fix the file', { selector: '[data-role="user"]' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'fix the file' })).toBeInTheDocument();
    expect(screen.queryByTestId('status-line')).not.toBeInTheDocument();
    expect(calls.some((c) => c.url.pathname.startsWith('/api/stream'))).toBe(false);
    const listCall = calls.find((c) => c.url.pathname === '/api/conversations');
    expect(listCall?.url.searchParams.get('sessionId')).toBe(SID);
    expect(await screen.findByPlaceholderText('Continue the conversation...')).toBeInTheDocument();
  });

  it('streams an ongoing run from the start: status texts change and messages arrive', async () => {
    const { streams, calls } = api({ ongoing: true });
    renderPage();
    await waitFor(() => expect(streams).toHaveLength(1));
    expect(calls.find((c) => c.url.pathname === '/api/stream/run-1')?.url.search).toBe('?from=0');
    const stream = streams[0] as FakeStream;
    for (const event of fixRunEvents.slice(0, 4)) stream.push(event);
    expect(await screen.findByText('Reading file...')).toBeInTheDocument();
    for (const event of fixRunEvents.slice(4, 7)) stream.push(event);
    expect(await screen.findByText('Editing file...')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Read 1 line' })).toBeInTheDocument();
  });

  it('shows text as it is typed, then the complete message in its place without a duplicate', async () => {
    const { streams } = api({ ongoing: true });
    renderPage();
    await waitFor(() => expect(streams).toHaveLength(1));
    const stream = streams[0] as FakeStream;
    stream.push({ type: 'assistant_delta', messageId: 'msg_t', index: 0, kind: 'text', offset: 0, text: 'Typing one' });
    expect(await screen.findByText('Typing one')).toBeInTheDocument();
    stream.push({ type: 'assistant_delta', messageId: 'msg_t', index: 0, kind: 'text', offset: 10, text: ' two' });
    const typed = await screen.findByText('Typing one two');
    stream.push({ type: 'assistant', message: { id: 'msg_t', role: 'assistant', content: [{ type: 'text', text: 'Typing one two' }] }, uuid: 'u-t', seq: 1 });
    await waitFor(() => expect(screen.getAllByText('Typing one two')).toHaveLength(1));
    // The same element stays on screen: the complete message took the provisional one's place.
    expect(screen.getByText('Typing one two')).toBe(typed);
  });

  it('shows the latest pending permission, sends the decision, and clears it', async () => {
    const older = { ...permissionFixtures.plan, id: 'older', timestamp: '2026-11-22T00:40:00.000Z' };
    const { calls } = api({ ongoing: true, permissions: [older, permissionFixtures.edit] });
    renderPage();
    expect(await screen.findByText('Allow', { exact: false })).toHaveTextContent('Allow Edit?');
    await userEvent.type(screen.getByRole('textbox', { name: 'Deny reason' }), 'no');
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Permission request' })).not.toBeInTheDocument());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ action: 'approve' });
  });

  it('clears the prompt when another viewer decided (permission_resolved)', async () => {
    const { streams } = api({ ongoing: true });
    renderPage();
    await waitFor(() => expect(streams).toHaveLength(1));
    const stream = streams[0] as FakeStream;
    stream.push({ type: 'permission_request', data: permissionFixtures.edit, seq: 1 });
    expect(await screen.findByRole('region', { name: 'Permission request' })).toBeInTheDocument();
    expect(screen.getByText('Awaiting approval...')).toBeInTheDocument();
    stream.push({ type: 'permission_resolved', data: { ...permissionFixtures.edit, status: 'approved' }, seq: 2 });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Permission request' })).not.toBeInTheDocument());
  });

  it('clears the stream and the permission on closed', async () => {
    const { streams } = api({ ongoing: true, permissions: [permissionFixtures.edit] });
    renderPage();
    expect(await screen.findByRole('region', { name: 'Permission request' })).toBeInTheDocument();
    await waitFor(() => expect(streams).toHaveLength(1));
    (streams[0] as FakeStream).push({ type: 'closed', streamingId: 'run-1', seq: 1 });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Permission request' })).not.toBeInTheDocument());
    // The stream is over (no spinner); without a result the line says 'Closed' (issue 16.8).
    expect(screen.queryByRole('status', { name: 'Running' })).not.toBeInTheDocument();
    expect(screen.getByTestId('status-line')).toHaveTextContent('Closed');
  });

  it('navigates to the session id a result carries when it differs', async () => {
    const { streams } = api({ ongoing: true });
    renderPage();
    await waitFor(() => expect(streams).toHaveLength(1));
    (streams[0] as FakeStream).push({ type: 'result', subtype: 'success', session_id: 'aaaaaaaa-1111-4222-8333-444444444444', seq: 1 });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('aaaaaaaa-1111-4222-8333-444444444444'));
  });

  it('sends a follow-up as a resumed run and streams it in place when the session id stays', async () => {
    const { calls, streams } = api({
      overrides: { 'POST /api/conversations/start': () => json({ streamingId: 'run-1', sessionId: SID }) },
    });
    renderPage();
    const box = await screen.findByPlaceholderText('Continue the conversation...');
    await waitFor(() => expect(box).toBeEnabled());
    await userEvent.type(box, 'now add a test');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(streams).toHaveLength(1));
    expect(calls.find((c) => c.url.pathname === '/api/conversations/start')?.body).toEqual({
      workingDirectory: '/tmp/example/repo', initialPrompt: 'now add a test', resumedSessionId: SID,
    });
    expect(screen.getByText('now add a test', { selector: '[data-role="user"]' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Stop' })).toBeInTheDocument();
  });

  it.each([
    ['details fail', { [`GET /api/conversations/${SID}`]: () => json({}, 500) }, false, 'HTTP 500'],
    ['the stream fails to open', { 'GET /api/stream/run-1': () => json({ error: 'x' }, 503) }, true, 'Stream connection failed: 503'],
    ['send fails', { 'POST /api/conversations/start': () => json({ error: 'boom' }, 500) }, false, 'Failed to send message'],
  ])('shows the red banner when %s', async (_name, overrides, ongoing, text) => {
    api({ ongoing, overrides });
    renderPage();
    if (text === 'Failed to send message') {
      const box = await screen.findByPlaceholderText('Continue the conversation...');
      await waitFor(() => expect(box).toBeEnabled());
      await userEvent.type(box, 'again');
      await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    }
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });

  it('shows "Failed to stop conversation" and "Failed to send permission decision"', async () => {
    api({
      ongoing: true,
      permissions: [permissionFixtures.edit],
      overrides: {
        'POST /api/conversations/run-1/stop': () => json({ error: 'no' }, 500),
        [`POST /api/permissions/${permissionFixtures.edit.id}/decision`]: () => json({ error: 'no' }, 500),
      },
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Stop' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to stop conversation');
    await userEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed to send permission decision'));
  });

  it('reads the history instead of retrying when the run is gone (410)', async () => {
    const { calls } = api({ ongoing: true, overrides: { 'GET /api/stream/run-1': () => json({ error: 'finished', code: 'run.finished' }, 410) } });
    renderPage();
    await waitFor(() => expect(calls.filter((c) => c.url.pathname === `/api/conversations/${SID}`)).toHaveLength(2));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByTestId('status-line')).not.toBeInTheDocument();
  });

  it('stops a running conversation', async () => {
    const { calls } = api({ ongoing: true, overrides: { 'POST /api/conversations/run-1/stop': () => json({ success: true }) } });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Stop' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Stop' })).not.toBeInTheDocument());
    expect(calls.some((c) => c.method === 'POST' && c.url.pathname === '/api/conversations/run-1/stop')).toBe(true);
  });

  it('interrupts on Escape, shows Interrupted, then sends the next message to the same run', async () => {
    const { calls, streams } = api({
      ongoing: true,
      overrides: { 'POST /api/conversations/run-1/interrupt': () => json({ success: true }), 'POST /api/conversations/run-1/messages': () => json({ success: true }) },
    });
    renderPage();
    await waitFor(() => expect(streams).toHaveLength(1));
    expect(await screen.findByRole('button', { name: 'Interrupt' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url.pathname === '/api/conversations/run-1/interrupt')).toBe(true));
    (streams[0] as FakeStream).push({ type: 'result', subtype: 'error_during_execution', is_error: true, interrupted: true, session_id: SID, seq: 1 });
    expect(await screen.findByText('Interrupted')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Interrupt' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Stop' })).toBeInTheDocument();
    await userEvent.type(await screen.findByPlaceholderText('Continue the conversation...'), 'carry on');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(calls.find((c) => c.url.pathname === '/api/conversations/run-1/messages')?.body).toEqual({ message: 'carry on' }));
    expect(calls.some((c) => c.url.pathname === '/api/conversations/start')).toBe(false);
    expect(await screen.findByText('carry on', { selector: '[data-role="user"]' })).toBeInTheDocument();
    expect(screen.getByTestId('status-line')).toHaveTextContent('Running');
  });

  it('queues a message typed during a run, shows it until it starts, and removes one on request', async () => {
    const queued = { id: 'q-1', text: 'next please', queuedAt: '2026-11-22T00:50:00.000Z' };
    const { calls, streams } = api({
      ongoing: true,
      overrides: {
        'POST /api/conversations/run-1/messages': () => json({ success: true, queued }),
        'POST /api/conversations/run-1/queue/q-1/now': () => json({ success: true }),
        'DELETE /api/conversations/run-1/queue/q-2': () => json({ success: true }),
      },
    });
    renderPage();
    await waitFor(() => expect(streams).toHaveLength(1));
    const stream = streams[0] as FakeStream;
    await userEvent.type(await screen.findByPlaceholderText('Continue the conversation...'), 'next please');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(calls.find((c) => c.url.pathname === '/api/conversations/run-1/messages')?.body).toEqual({ message: 'next please' }));
    const other = { ...queued, id: 'q-2', text: 'never mind' };
    stream.push({ type: 'queue_updated', queued: [queued, other], seq: 1 });
    const list = await screen.findByRole('list', { name: 'Queued messages' });
    expect(list).toHaveTextContent('next please');
    expect(screen.queryByText('next please', { selector: '[data-role="user"]' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove queued: never mind' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.url.pathname === '/api/conversations/run-1/queue/q-2')).toBe(true));
    // Send now: the server moves it first and interrupts the turn (one call, so it cannot get lost in between).
    await userEvent.click(screen.getByRole('button', { name: 'Send now: next please' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url.pathname === '/api/conversations/run-1/queue/q-1/now')).toBe(true));
    stream.push({ type: 'queue_updated', queued: [], started: queued, seq: 2 });
    expect(await screen.findByText('next please', { selector: '[data-role="user"]' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Queued messages' })).not.toBeInTheDocument();
  });

  it('resumes the session instead when the run ended just before the message reached it', async () => {
    const { calls, streams } = api({
      ongoing: true,
      overrides: {
        'POST /api/conversations/run-1/messages': () => json({ error: 'finished', code: 'run.finished' }, 410),
        'POST /api/conversations/start': () => json({ streamingId: 'run-1', sessionId: SID }),
      },
    });
    renderPage();
    await waitFor(() => expect(streams).toHaveLength(1));
    await userEvent.type(await screen.findByPlaceholderText('Continue the conversation...'), 'one more');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(calls.find((c) => c.url.pathname === '/api/conversations/start')?.body).toMatchObject({ initialPrompt: 'one more', resumedSessionId: SID }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
