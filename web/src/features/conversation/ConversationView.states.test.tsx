import type { ConversationMessage, ConversationSummary, StreamEvent } from '@cui/contract';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { STREAM_UNREACHABLE } from '@/app/stream';
import { renderConversationPage } from './fixtures/conversation-page';
import { deniedRunEvents } from './fixtures/denied-run';
import { fakeStream, type FakeStream, installFakeApi, json } from './fixtures/fake-api';
import { summaryFixture } from './fixtures/summary';
import { fixRunEvents } from '@/test-fixtures/fix-run';
import { stubListViewport } from './fixtures/viewport';

// The view loads its composer on demand: loaded once here, it appears without waiting for the transform.
beforeAll(async () => {
  await import('@/features/composer');
});

/** Issue 16: states of the conversation view that must tell the truth (recovery, not found, closed). */
const SID = 'f5e5690f-09dc-4067-859b-1172c39a0d71';
const prompt: ConversationMessage = {
  uuid: 'u-prompt', type: 'user', message: { role: 'user', content: 'fix the file' }, timestamp: '2026-11-22T00:46:22.000Z', isSidechain: false, parentUuid: null,
};

const NO_METRICS = { editCount: 0, writeCount: 0, linesAdded: 0, linesRemoved: 0 };

function api(stream: () => Response | Promise<Response>, listed: ConversationSummary['toolMetrics'] = NO_METRICS) {
  return installFakeApi({
    [`GET /api/conversations/${SID}`]: () => json({ messages: [prompt], summary: 'fix the file', projectPath: '/tmp/example/repo', metadata: {} }),
    'GET /api/conversations': () => json({ conversations: [summaryFixture({ status: 'ongoing', streamingId: 'run-1', toolMetrics: listed })], total: 1 }),
    'GET /api/stream/run-1': stream,
    'GET /api/permissions': () => json({ permissions: [] }),
  });
}

const pageBecomesVisible = () => act(() => void document.dispatchEvent(new Event('visibilitychange')));

afterEach(() => vi.unstubAllGlobals());

describe('ConversationView states', () => {
  stubListViewport();

  it("shows the spec's stream failure, not the browser's, and clears it once the stream reconnects", async () => {
    const streams: FakeStream[] = [];
    let attempts = 0;
    api(() => {
      attempts += 1;
      if (attempts === 1) return Promise.reject(new TypeError('Failed to fetch'));
      const { response, stream } = fakeStream();
      streams.push(stream);
      return response;
    });
    renderConversationPage(SID);
    expect(await screen.findByRole('alert')).toHaveTextContent(STREAM_UNREACHABLE);
    expect(screen.queryByText('Failed to fetch')).not.toBeInTheDocument();
    pageBecomesVisible();
    await waitFor(() => expect(streams).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  it("paints 'Closed' without a spinner when the run closes without a result (spec §4 status texts)", async () => {
    const streams: FakeStream[] = [];
    api(() => {
      const { response, stream } = fakeStream();
      streams.push(stream);
      return response;
    });
    renderConversationPage(SID);
    await waitFor(() => expect(streams).toHaveLength(1));
    const stream = streams[0] as FakeStream;
    act(() => stream.push({ type: 'connected', streamingId: 'run-1', seq: 0 }));
    expect(await screen.findByTestId('status-line')).toHaveTextContent('Running');
    act(() => stream.push({ type: 'closed', streamingId: 'run-1', reason: 'crashed', exitCode: 1, seq: 1 }));
    await waitFor(() => expect(screen.getByTestId('status-line')).toHaveTextContent('Closed'));
    expect(screen.queryByRole('status', { name: 'Running' })).not.toBeInTheDocument();
  });

  it('clears a stream failure when the run turns out to be over and the history is read instead', async () => {
    let attempts = 0;
    api(() => (++attempts === 1 ? Promise.reject(new TypeError('network error')) : json({ error: 'Run finished', code: 'run.finished' }, 410)));
    renderConversationPage(SID);
    expect(await screen.findByRole('alert')).toHaveTextContent(STREAM_UNREACHABLE);
    pageBecomesVisible();
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });
});

describe('ConversationView header metrics (one rule with the list row)', () => {
  stubListViewport();

  async function openLive(listed = NO_METRICS) {
    const streams: FakeStream[] = [];
    api(() => {
      const { response, stream } = fakeStream();
      streams.push(stream);
      return response;
    }, listed);
    renderConversationPage(SID);
    await waitFor(() => expect(streams).toHaveLength(1));
    const stream = streams[0] as FakeStream;
    return (events: StreamEvent[]) => act(() => events.forEach((event) => stream.push(event)));
  }

  it('does not count an Edit waiting for approval, nor once it was denied (issue 16.8)', async () => {
    const push = await openLive();
    push(deniedRunEvents.slice(0, 8));
    expect(await screen.findByText('Found a typo, fixing it.')).toBeInTheDocument();
    expect(screen.getByTestId('conversation-subtitle')).not.toHaveTextContent('+1');
    push(deniedRunEvents.slice(8, 10));
    expect(await screen.findByText(/Done\. Last tool result was an ERROR/)).toBeInTheDocument();
    expect(screen.getByTestId('conversation-subtitle')).not.toHaveTextContent('+1');
  });

  it("shows the conversation's own counts, not whichever of the list's and the live ones is larger (issue 9.6)", async () => {
    const push = await openLive({ editCount: 3, writeCount: 0, linesAdded: 9, linesRemoved: 0 });
    push(fixRunEvents.slice(0, 8));
    await waitFor(() => expect(screen.getByTestId('conversation-subtitle')).toHaveTextContent('+1 −1'));
    expect(screen.getByTestId('conversation-subtitle')).not.toHaveTextContent('+9');
  });
});

describe('ConversationView that cannot be loaded', () => {
  const UNKNOWN = '00000000-0000-4000-8000-000000000000';

  it('says the conversation is not found, offers the way back and no composer', async () => {
    installFakeApi({ [`GET /api/conversations/${UNKNOWN}`]: () => json({ error: 'Conversation not found', code: 'session.not_found' }, 404) });
    renderConversationPage(UNKNOWN);
    expect(await screen.findByRole('heading', { name: 'Conversation not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go back to tasks' })).toHaveAttribute('href', '/');
    expect(screen.queryByText('New conversation')).not.toBeInTheDocument();
    expect(screen.queryByText('No messages yet. Start by typing a message below.')).not.toBeInTheDocument();
    expect(screen.queryByPlaceholderText('Continue the conversation...')).not.toBeInTheDocument();
  });

  it("shows 'Failed to load conversation' with the server's message when loading fails otherwise", async () => {
    installFakeApi({ [`GET /api/conversations/${UNKNOWN}`]: () => json({ error: 'Transcript unreadable', code: 'internal' }, 500) });
    renderConversationPage(UNKNOWN);
    expect(await screen.findByRole('heading', { name: 'Failed to load conversation' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Transcript unreadable');
    expect(screen.queryByPlaceholderText('Continue the conversation...')).not.toBeInTheDocument();
  });
});

describe('ConversationView folder', () => {
  stubListViewport();

  it("takes the session's folder from the history read after the run, when the first read had none (a new worktree run)", async () => {
    const worktree = '/tmp/example/repo/.claude/worktrees/cui-0123abcd';
    let reads = 0;
    const streams: FakeStream[] = [];
    installFakeApi({
      [`GET /api/conversations/${SID}`]: () => json({ messages: [prompt], summary: 'fix the file', projectPath: ++reads === 1 ? '' : worktree, metadata: {} }),
      'GET /api/conversations': () => json({ conversations: [summaryFixture({ status: 'ongoing', streamingId: 'run-1', projectPath: '' })], total: 1 }),
      'GET /api/stream/run-1': () => {
        const { response, stream } = fakeStream();
        streams.push(stream);
        return response;
      },
      'GET /api/permissions': () => json({ permissions: [] }),
    });
    renderConversationPage(SID);
    await waitFor(() => expect(streams).toHaveLength(1));
    expect(screen.queryByTestId('worktree-badge')).not.toBeInTheDocument();
    const stream = streams[0] as FakeStream;
    act(() => stream.push({ type: 'connected', streamingId: 'run-1', seq: 0 }));
    act(() => stream.push({ type: 'closed', streamingId: 'run-1', reason: 'completed', exitCode: 0, seq: 1 }));
    expect(await screen.findByTestId('worktree-badge')).toHaveTextContent('worktree-cui-0123abcd');
  });
});
