import type { ConversationMessage } from '@cui/contract';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TooltipProvider } from '@/ui';
import { ConversationView } from './ConversationView';
import { fakeStream, type FakeStream, installFakeApi, json } from './fixtures/fake-api';
import { summaryFixture } from './fixtures/summary';
import { stubListViewport } from './fixtures/viewport';

const SID = 'f5e5690f-09dc-4067-859b-1172c39a0d71';
const prompt = (n: number): ConversationMessage => ({
  uuid: `u-${n}`, type: 'user', message: { role: 'user', content: `prompt ${n}` }, timestamp: '2026-11-22T00:46:22.000Z', isSidechain: false, parentUuid: null,
});
const details = (messages: ConversationMessage[], before: number | null) => json({ messages, summary: 'prompt 1', projectPath: '/tmp/repo', metadata: {}, window: { before } });

afterEach(() => vi.unstubAllGlobals());

function renderView(entry = `/c/${SID}`) {
  render(
    <TooltipProvider>
      <MemoryRouter initialEntries={[entry]}>
        <ConversationView sessionId={SID} />
      </MemoryRouter>
    </TooltipProvider>,
  );
}

describe('ConversationView: a history held in windows', () => {
  stubListViewport();

  it('after a run, reloads as many messages as it held (plus the new ones), so the older windows stay', async () => {
    const streams: FakeStream[] = [];
    const { calls } = installFakeApi({
      [`GET /api/conversations/${SID}`]: ({ url }) => {
        if (url.searchParams.get('before') === '500') return details([prompt(1)], null);
        if (url.searchParams.get('limit') === '200') return details([prompt(100), prompt(101)], 500);
        return details([prompt(1), prompt(100), prompt(101), prompt(102)], null);
      },
      'GET /api/conversations': () => json({ conversations: [summaryFixture({ status: 'ongoing', streamingId: 'run-1' })], total: 1 }),
      'GET /api/stream/run-1': () => {
        const { response, stream } = fakeStream();
        streams.push(stream);
        return response;
      },
      'GET /api/permissions': () => json({ permissions: [] }),
    });
    renderView();
    await waitFor(() => expect(screen.getAllByText(/^prompt \d+$/)).toHaveLength(3));
    await waitFor(() => expect(streams).toHaveLength(1));
    (streams[0] as FakeStream).push({ type: 'closed', streamingId: 'run-1', seq: 1 });
    await waitFor(() => expect(screen.getAllByText(/^prompt \d+$/).map((e) => e.textContent)).toEqual(['prompt 1', 'prompt 100', 'prompt 101', 'prompt 102']));
    const windows = calls.filter((c) => c.url.pathname === `/api/conversations/${SID}`).map((c) => c.url.search);
    expect(windows).toEqual(['?limit=200', '?limit=1000&before=500', '?limit=203']);
  });

  it('asks for the newest window first, then older ones before the reader reaches the top, down to the first message', async () => {
    const { calls } = installFakeApi({
      [`GET /api/conversations/${SID}`]: ({ url }) => {
        const before = url.searchParams.get('before');
        if (before === null) return details([prompt(100), prompt(101)], 500);
        return before === '500' ? details([prompt(50)], 20) : details([prompt(1)], null);
      },
      'GET /api/conversations': () => json({ conversations: [summaryFixture({})], total: 1 }),
      'GET /api/permissions': () => json({ permissions: [] }),
    });
    renderView();
    // Few rows fill the screen: the older windows are fetched at once, each put before the rows held.
    await waitFor(() => expect(screen.getAllByText(/^prompt \d+$/).map((e) => e.textContent)).toEqual(['prompt 1', 'prompt 50', 'prompt 100', 'prompt 101']));
    const windows = calls.filter((c) => c.url.pathname === `/api/conversations/${SID}`).map((c) => c.url.search);
    expect(windows).toEqual(['?limit=200', '?limit=1000&before=500', '?limit=1000&before=20']);
  });

  it('opened on a search hit (?message=), asks for a first window reaching back to it and highlights that message', async () => {
    const many = Array.from({ length: 60 }, (_, i) => prompt(i + 1));
    const { calls } = installFakeApi({
      [`GET /api/conversations/${SID}`]: () => details(many, 10),
      'GET /api/conversations': () => json({ conversations: [summaryFixture({})], total: 1 }),
      'GET /api/permissions': () => json({ permissions: [] }),
    });
    // Near the end, so jsdom (no layout, no scrolling) renders it; the e2e test scrolls to a deep one.
    renderView(`/c/${SID}?message=u-55`);
    const target = await waitFor(() => {
      const found = document.querySelector('[data-search-target]');
      expect(found).not.toBeNull();
      return found as HTMLElement;
    });
    expect(target).toHaveAttribute('data-message-id', 'u-55');
    expect(target).toHaveTextContent('prompt 55');
    expect(document.querySelectorAll('[data-search-target]')).toHaveLength(1);
    const first = calls.find((c) => c.url.pathname === `/api/conversations/${SID}`);
    expect(first?.url.search).toBe('?limit=200&through=u-55');
  });
});
