import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SearchResponse } from '@cui/contract';
import { TAB_QUERIES } from '../session-list-state';
import { SessionSearch } from './SessionSearch';

const A = 'aaaaaaaa-0000-4000-8000-000000000001';
const B = 'bbbbbbbb-0000-4000-8000-000000000002';

function answer(q: string): SearchResponse {
  if (q === 'nothing') return { results: [], total: 0, truncated: false };
  if (q === 'billing') {
    // Ranked by the server: the session named after the text first, though a newer one holds the word.
    return {
      results: [
        { sessionId: B, summary: 'Quarterly billing', projectPath: '/w/lib', updatedAt: '2026-01-01T00:00:00.000Z', hitCount: 0, matchedIn: 'name', hits: [] },
        { sessionId: A, summary: 'First session', projectPath: '/w/app', updatedAt: '2026-01-02T00:00:00.000Z', hitCount: 1, matchedIn: 'message', hits: [{ uuid: 'u-a1', role: 'user', timestamp: '', matchedIn: 'message', snippet: [{ text: 'billing', match: true }] }] },
      ],
      total: 2,
      truncated: false,
    };
  }
  const snippet = [{ text: 'call ', match: false }, { text: q, match: true }, { text: ' here', match: false }];
  return {
    results: [
      { sessionId: A, summary: 'First session', projectPath: '/w/app', updatedAt: '2026-01-02T00:00:00.000Z', hitCount: 1, matchedIn: 'message', hits: [{ uuid: 'u-a1', role: 'user', timestamp: '', matchedIn: 'message', snippet }] },
      { sessionId: B, summary: 'Second session', projectPath: '/w/lib', updatedAt: '2026-01-01T00:00:00.000Z', hitCount: 5, matchedIn: 'message', hits: [{ uuid: 'u-b1', role: 'assistant', timestamp: '', matchedIn: 'tool_input', snippet }, { uuid: 'u-b2', role: 'tool', timestamp: '', matchedIn: 'tool_result', snippet }] },
    ],
    total: 2,
    truncated: false,
  };
}

/** fetch answering /api/search; `hold` keeps the answers to that text until released. */
function stubSearch(hold?: string) {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  const fetchFn = vi.fn(async (url: string, init?: RequestInit) => {
    const q = new URL(url, 'http://x').searchParams.get('q') ?? '';
    if (q === hold) await held;
    // As fetch does: a request aborted meanwhile fails instead of answering.
    init?.signal?.throwIfAborted();
    return new Response(JSON.stringify(answer(q)));
  });
  vi.stubGlobal('fetch', fetchFn);
  return { fetchFn, release: () => release(), queries: () => fetchFn.mock.calls.map(([url]) => Object.fromEntries(new URL(String(url), 'http://x').searchParams)) };
}

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function Harness() {
  const [text, setText] = useState('');
  return (
    <SessionSearch text={text} onText={setText} filters={TAB_QUERIES.tasks}>
      <p>the session list</p>
    </SessionSearch>
  );
}

function renderSearch() {
  return render(
    <MemoryRouter initialEntries={['/']}>
      <textarea aria-label="composer" />
      <Routes>
        <Route path="/" element={<Harness />} />
        <Route path="/c/:id" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

const field = () => screen.getByRole('searchbox', { name: 'Search conversations' });

beforeAll(() => {
  // jsdom has no layout: the active hit is scrolled into view through this.
  Element.prototype.scrollIntoView = vi.fn();
});
afterEach(() => vi.unstubAllGlobals());

/** A browser whose media queries match as `matches` says (jsdom has none). */
function stubMedia(matches: (query: string) => boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: matches(query), media: query, addEventListener: () => {}, removeEventListener: () => {} }));
}

describe('SessionSearch', () => {
  it("names the keyboard shortcuts in the placeholder only where there is a keyboard: not on a touch screen or a phone's width", () => {
    stubMedia(() => false);
    const { unmount } = renderSearch();
    expect(field()).toHaveAttribute('placeholder', 'Search all conversations  ( / or Ctrl+K )');
    unmount();
    stubMedia((query) => query.includes('pointer: coarse'));
    const touch = renderSearch();
    expect(field()).toHaveAttribute('placeholder', 'Search all conversations');
    touch.unmount();
    stubMedia((query) => query.includes('max-width'));
    renderSearch();
    expect(field()).toHaveAttribute('placeholder', 'Search all conversations');
  });

  it('searches the tab once typing settles, shows marked snippets grouped by session, and opens the hit chosen with the arrows', async () => {
    const { queries } = stubSearch();
    renderSearch();
    expect(screen.getByText('the session list')).toBeInTheDocument();
    fireEvent.change(field(), { target: { value: 'p' } });
    fireEvent.change(field(), { target: { value: 'pa' } });
    fireEvent.change(field(), { target: { value: 'parser_utils' } });
    const results = await screen.findByTestId('search-results', {}, { timeout: 5000 });
    expect(queries()).toEqual([{ q: 'parser_utils', limit: '20', archived: 'false', hasContinuation: 'false' }]);
    expect(within(results).getByText('First session')).toBeInTheDocument();
    expect(within(results).getByText('and 3 more in this conversation')).toBeInTheDocument();
    const marks = results.querySelectorAll('mark');
    expect(marks).toHaveLength(3);
    expect(marks[0]?.textContent).toBe('parser_utils');
    const selected = () => screen.getAllByTestId('search-hit').map((hit) => hit.getAttribute('aria-selected'));
    expect(selected()).toEqual(['true', 'false', 'false']);
    // One key at a time, each step seen before the next: down, down, down (round to the first), up (back to the last).
    for (const [key, expected] of [['ArrowDown', 1], ['ArrowDown', 2], ['ArrowDown', 0], ['ArrowUp', 2]] as const) {
      fireEvent.keyDown(field(), { key });
      await waitFor(() => expect(selected().indexOf('true')).toBe(expected));
    }
    fireEvent.keyDown(field(), { key: 'Enter' });
    expect(await screen.findByTestId('where')).toHaveTextContent(`/c/${B}?message=u-b2`);
  });

  it('moves through the hits with the first key pressed the moment they are shown, before React runs its passive effects', async () => {
    stubSearch();
    renderSearch();
    // A mutation observer's callback runs as a microtask right after React puts the hits in the page, before any
    // later task (where React runs useEffect): the key goes in then, as a fast typist's could.
    const pressed = new Promise<void>((resolve) => {
      const observer = new MutationObserver(() => {
        if (!document.querySelector('[data-testid="search-hit"]')) return;
        observer.disconnect();
        field().dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true, cancelable: true }));
        resolve();
      });
      observer.observe(document.body, { childList: true, subtree: true });
    });
    fireEvent.change(field(), { target: { value: 'parser_utils' } });
    await pressed;
    const selected = () => screen.getAllByTestId('search-hit').map((hit) => hit.getAttribute('aria-selected'));
    await waitFor(() => expect(selected()).toEqual(['false', 'true', 'false']));
  });

  it('opens the best hit on Enter, a session found by its name, and labels where each hit matched', async () => {
    stubSearch();
    renderSearch();
    fireEvent.change(field(), { target: { value: 'parser_utils' } });
    const results = await screen.findByTestId('search-results', {}, { timeout: 5000 });
    expect(screen.getAllByTestId('search-hit').map((hit) => hit.firstElementChild?.textContent)).toEqual(['You', 'Tool input', 'Tool result']);
    fireEvent.change(field(), { target: { value: 'billing' } });
    await waitFor(() => expect(within(results.ownerDocument.body).getByText('Name')).toBeInTheDocument(), { timeout: 5000 });
    expect(screen.getAllByTestId('search-hit')[0]).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(field(), { key: 'Enter' });
    expect(await screen.findByTestId('where')).toHaveTextContent(new RegExp(`^/c/${B}$`));
  });

  it('shows the no-match state, and the list again once the field is cleared with Escape', async () => {
    stubSearch();
    renderSearch();
    fireEvent.change(field(), { target: { value: 'nothing' } });
    expect(await screen.findByText('No messages match “nothing”.')).toBeInTheDocument();
    fireEvent.keyDown(field(), { key: 'Escape' });
    expect(await screen.findByText('the session list')).toBeInTheDocument();
    expect(field()).toHaveValue('');
  });

  it('drops an answer that arrives after a newer search was sent', async () => {
    const stub = stubSearch('alpha');
    renderSearch();
    fireEvent.change(field(), { target: { value: 'alpha' } });
    await waitFor(() => expect(stub.queries().map((q) => q.q)).toEqual(['alpha']));
    fireEvent.change(field(), { target: { value: 'beta' } });
    await waitFor(() => expect(screen.getAllByText('beta')).toHaveLength(3), { timeout: 5000 });
    await act(async () => stub.release());
    expect(screen.queryByText('alpha')).toBeNull();
    expect(screen.getAllByText('beta')).toHaveLength(3);
  });

  it('focuses the field on / (not while typing elsewhere) and on Ctrl+K', async () => {
    stubSearch();
    renderSearch();
    const composer = screen.getByRole('textbox', { name: 'composer' });
    composer.focus();
    fireEvent.keyDown(composer, { key: '/' });
    expect(composer).toHaveFocus();
    fireEvent.keyDown(composer, { key: 'k', ctrlKey: true });
    expect(field()).toHaveFocus();
    field().blur();
    fireEvent.keyDown(document.body, { key: '/' });
    expect(field()).toHaveFocus();
  });
});
