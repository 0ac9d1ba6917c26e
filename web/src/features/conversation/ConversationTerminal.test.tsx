import type { ConversationMessage, FollowEvent } from '@cui/contract';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderConversationPage } from './fixtures/conversation-page';
import { installFakeApi, json } from './fixtures/fake-api';
import { summaryFixture } from './fixtures/summary';
import { stubListViewport } from './fixtures/viewport';

// The view loads its composer on demand: loaded once here, it appears without waiting for the transform.
beforeAll(async () => {
  await import('@/features/composer');
});

/** Issue 18 point 4: a session a terminal CLI is running, followed live and continued once it stops. */
const SID = 'f5e5690f-09dc-4067-859b-1172c39a0d71';
const message = (uuid: string, type: 'user' | 'assistant', text: string, parentUuid: string | null): ConversationMessage => ({
  uuid, type, message: { role: type, content: [{ type: 'text', text }] }, timestamp: '2026-11-22T00:46:22.000Z', isSidechain: false, parentUuid,
});
const prompt = message('u1', 'user', 'typed in the terminal', null);
const answer = message('a1', 'assistant', 'Answered in the terminal', 'u1');

function followStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  const push = (event: FollowEvent) => controller.enqueue(new TextEncoder().encode(`${JSON.stringify(event)}\n: heartbeat\n`));
  return { response: new Response(body, { status: 200 }), push };
}

/** The conversation page of SID over a fake API: the transcript and whether a terminal holds it are read per call. */
function openPage(transcript: ConversationMessage[], terminal: { active: boolean }) {
  const stream = followStream();
  const { calls } = installFakeApi({
    [`GET /api/conversations/${SID}`]: () => json({ messages: [...transcript], summary: 'typed in the terminal', projectPath: '/tmp/example/repo', metadata: {} }),
    'GET /api/conversations': () => json({ conversations: [summaryFixture(terminal.active ? { status: 'ongoing', liveSource: 'terminal' } : {})], total: 1 }),
    [`GET /api/conversations/${SID}/follow`]: () => stream.response,
  });
  renderConversationPage(SID);
  return { calls, stream };
}

afterEach(() => vi.unstubAllGlobals());

describe('a conversation run in a terminal', () => {
  stubListViewport();

  it("says 'Active in terminal' and locks the composer, shows new messages as they are written, then offers to continue", async () => {
    const transcript = [prompt];
    const terminal = { active: true };
    const { calls, stream } = openPage(transcript, terminal);

    expect(await screen.findByText('Active in terminal.')).toBeInTheDocument();
    expect(await screen.findByPlaceholderText('Active in terminal: you can continue once it stops')).toBeDisabled();
    expect(screen.getByText('typed in the terminal')).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.url.pathname.endsWith('/follow'))).toBe(true));
    // No run stream: the console has no run of this session.
    expect(calls.some((c) => c.url.pathname.startsWith('/api/stream/'))).toBe(false);

    transcript.push(answer);
    act(() => stream.push({ type: 'messages', messages: [answer], offset: 200 }));
    expect(await screen.findByText('Answered in the terminal')).toBeInTheDocument();
    expect(await screen.findByPlaceholderText('Active in terminal: you can continue once it stops')).toBeDisabled();

    terminal.active = false;
    act(() => stream.push({ type: 'activity', activeInTerminal: false }));
    expect(await screen.findByText('Stopped in terminal.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByPlaceholderText('Continue the conversation...')).toBeEnabled());
    expect(screen.getAllByText('Answered in the terminal')).toHaveLength(1);
  });

  it("turns 'Active in terminal' when a terminal CLI picks up a session opened while idle, without a reload", async () => {
    const transcript = [prompt, answer];
    const terminal = { active: false };
    const { calls, stream } = openPage(transcript, terminal);
    await waitFor(() => expect(screen.getByPlaceholderText('Continue the conversation...')).toBeEnabled());
    await waitFor(() => expect(calls.some((c) => c.url.pathname.endsWith('/follow'))).toBe(true));
    const detailsReads = () => calls.filter((c) => c.url.pathname === `/api/conversations/${SID}`).length;
    const before = detailsReads();
    // Connected while idle is no news: nothing is read again.
    act(() => stream.push({ type: 'connected', sessionId: SID, offset: 100, activeInTerminal: false }));
    expect(screen.queryByText('Active in terminal.')).not.toBeInTheDocument();

    terminal.active = true;
    const resumed = message('u2', 'user', 'resumed in the terminal', 'a1');
    transcript.push(resumed);
    act(() => stream.push({ type: 'activity', activeInTerminal: true }));
    expect(await screen.findByText('Active in terminal.')).toBeInTheDocument();
    expect(await screen.findByPlaceholderText('Active in terminal: you can continue once it stops')).toBeDisabled();
    expect(await screen.findByText('resumed in the terminal')).toBeInTheDocument();
    expect(detailsReads()).toBeGreaterThan(before);
    // The same connection serves the terminal's turn: no second follow stream.
    expect(calls.filter((c) => c.url.pathname.endsWith('/follow'))).toHaveLength(1);
  });
});
