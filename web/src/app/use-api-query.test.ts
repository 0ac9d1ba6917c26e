import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from './routes';
import { ApiError } from './api-client';
import { useApiMutation } from './use-api-mutation';
import { useApiQuery } from './use-api-query';

/** A fetch whose answers the test hands out one by one, recording each call and whether it was aborted. */
function gatedFetch() {
  const calls: Array<{ url: string; signal: AbortSignal | undefined; answer: (response: Response) => void }> = [];
  const fetchMock = vi.fn<typeof fetch>((input, init) => {
    const signal = init?.signal ?? undefined;
    return new Promise<Response>((resolve, reject) => {
      calls.push({ url: String(input), signal, answer: resolve });
      signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  const call = (index: number) => {
    const found = calls[index];
    if (!found) throw new Error(`no fetch call #${index}`);
    return found;
  };
  return { calls, call, fetchMock };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const listing = (path: string) => ({ path, entries: [], total: 0, truncated: false });

describe('useApiQuery', () => {
  it('loads the route and exposes its answer', async () => {
    const gate = gatedFetch();
    const { result } = renderHook(() => useApiQuery(routes.filesystem.list, { query: { path: '/a' } }));
    expect(result.current).toMatchObject({ loading: true, data: undefined, error: undefined });
    expect(gate.call(0).url).toBe('/api/filesystem/list?path=%2Fa');
    await act(async () => gate.call(0).answer(Response.json(listing('/a'))));
    expect(result.current).toMatchObject({ loading: false, data: listing('/a'), error: undefined });
  });

  it('aborts a superseded load and never shows its late answer', async () => {
    const gate = gatedFetch();
    const { result, rerender } = renderHook(({ path }) => useApiQuery(routes.filesystem.list, { query: { path } }), { initialProps: { path: '/a' } });
    rerender({ path: '/b' });
    expect(gate.call(0).signal?.aborted).toBe(true);
    expect(result.current).toMatchObject({ loading: true, data: undefined });
    await act(async () => gate.call(1).answer(Response.json(listing('/b'))));
    await act(async () => gate.call(0).answer(Response.json(listing('/a'))));
    expect(result.current.data).toEqual(listing('/b'));
  });

  it('does not load again when only the request object is new', () => {
    const gate = gatedFetch();
    const { rerender } = renderHook(() => useApiQuery(routes.filesystem.list, { query: { path: '/a' } }));
    rerender();
    rerender();
    expect(gate.fetchMock).toHaveBeenCalledTimes(1);
  });

  it('aborts its load on unmount', () => {
    const gate = gatedFetch();
    const { unmount } = renderHook(() => useApiQuery(routes.system.status));
    unmount();
    expect(gate.call(0).signal?.aborted).toBe(true);
  });

  it("keeps a failure's ApiError as the error", async () => {
    const gate = gatedFetch();
    const { result } = renderHook(() => useApiQuery(routes.filesystem.list, { query: { path: '/nope' } }));
    await act(async () => gate.call(0).answer(Response.json({ error: 'Path not found', code: 'fs.not_found' }, { status: 404 })));
    expect(result.current.loading).toBe(false);
    expect(result.current.error).toBeInstanceOf(ApiError);
    expect(result.current.error).toMatchObject({ message: 'Path not found', status: 404, code: 'fs.not_found' });
  });

  it('loads nothing while disabled, and loads once enabled', async () => {
    const gate = gatedFetch();
    const { result, rerender } = renderHook(({ enabled }) => useApiQuery(routes.sessions.workingDirectories, {}, { enabled }), { initialProps: { enabled: false } });
    expect(result.current).toMatchObject({ loading: false, data: undefined });
    expect(gate.fetchMock).not.toHaveBeenCalled();
    rerender({ enabled: true });
    await waitFor(() => expect(gate.calls).toHaveLength(1));
    expect(result.current.loading).toBe(true);
  });

  it('refetches on demand, keeping the current data until the new answer arrives', async () => {
    const gate = gatedFetch();
    const { result } = renderHook(() => useApiQuery(routes.filesystem.list, { query: { path: '/a' } }));
    await act(async () => gate.call(0).answer(Response.json(listing('/a'))));
    act(() => result.current.refetch());
    expect(result.current).toMatchObject({ loading: true, data: listing('/a') });
    await act(async () => gate.call(1).answer(Response.json({ ...listing('/a'), total: 3 })));
    expect(result.current).toMatchObject({ loading: false, data: { total: 3 } });
  });

  it('lets the screen replace the data locally', async () => {
    const gate = gatedFetch();
    const { result } = renderHook(() => useApiQuery(routes.filesystem.list, { query: { path: '/a' } }));
    await act(async () => gate.call(0).answer(Response.json(listing('/a'))));
    act(() => result.current.setData((current) => ({ ...listing('/a'), ...current, total: 9 })));
    expect(result.current.data?.total).toBe(9);
  });
});

describe('useApiMutation', () => {
  it('is pending while the call is in flight and resolves with the answer', async () => {
    const gate = gatedFetch();
    const { result } = renderHook(() => useApiMutation(routes.sessions.archiveAll));
    expect(result.current.pending).toBe(false);
    let answer: Promise<unknown> | undefined;
    act(() => {
      answer = result.current.mutate();
    });
    expect(result.current.pending).toBe(true);
    expect(gate.call(0).url).toBe('/api/conversations/archive-all');
    await act(async () => gate.call(0).answer(Response.json({ success: true, archivedCount: 2, message: 'Archived 2 sessions' })));
    await expect(answer).resolves.toEqual({ success: true, archivedCount: 2, message: 'Archived 2 sessions' });
    expect(result.current).toMatchObject({ pending: false, error: undefined });
  });

  it('resolves undefined on failure and keeps the error until reset or the next call', async () => {
    const gate = gatedFetch();
    const { result } = renderHook(() => useApiMutation(routes.config.updateConfig));
    let answer: Promise<unknown> | undefined;
    act(() => {
      answer = result.current.mutate({ body: { interface: { colorScheme: 'dark' } } });
    });
    await act(async () => gate.call(0).answer(Response.json({ error: 'Invalid config', code: 'config.invalid' }, { status: 400 })));
    await expect(answer).resolves.toBeUndefined();
    expect(result.current.error).toMatchObject({ message: 'Invalid config', code: 'config.invalid' });
    act(() => result.current.reset());
    expect(result.current.error).toBeUndefined();
  });
});
