import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useListVersion } from './use-list-version';

function setVisibility(state: DocumentVisibilityState): void {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

afterEach(() => {
  setVisibility('visible');
  vi.useRealTimers();
});

describe('useListVersion', () => {
  it('calls back when the version moves, asks nothing while the page is hidden, and asks again once shown', async () => {
    vi.useFakeTimers();
    let version = 'a';
    const fetchVersion = vi.fn(async () => version);
    const onChanged = vi.fn();
    const { unmount } = renderHook(() => useListVersion(onChanged, { fetchVersion, intervalMs: 1000 }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(fetchVersion).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(fetchVersion).toHaveBeenCalledTimes(2);
    expect(onChanged).not.toHaveBeenCalled();

    version = 'b';
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(onChanged).toHaveBeenCalledTimes(1);

    setVisibility('hidden');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    const asked = fetchVersion.mock.calls.length;
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(fetchVersion).toHaveBeenCalledTimes(asked);

    version = 'c';
    act(() => setVisibility('visible'));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(fetchVersion).toHaveBeenCalledTimes(asked + 1);
    expect(onChanged).toHaveBeenCalledTimes(2);

    unmount();
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(fetchVersion).toHaveBeenCalledTimes(asked + 1);
  });

  it('while the list shown is provisional, calls back at every answer, moved or not', async () => {
    vi.useFakeTimers();
    const fetchVersion = vi.fn(async () => 'final');
    const onChanged = vi.fn();
    const { rerender, unmount } = renderHook(({ provisional }) => useListVersion(onChanged, { fetchVersion, intervalMs: 1000, provisional }), { initialProps: { provisional: true } });
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(onChanged).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(onChanged).toHaveBeenCalledTimes(2);
    rerender({ provisional: false });
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(onChanged).toHaveBeenCalledTimes(2);
    unmount();
  });
});
