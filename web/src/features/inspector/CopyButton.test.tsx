import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COPIED_MS, CopyButton } from '@/ui';
import { JsonViewer } from './JsonViewer';

let clipboard: string | undefined;

beforeEach(() => {
  clipboard = undefined;
  vi.useFakeTimers();
  vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: vi.fn(async (text: string) => void (clipboard = text)) } });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function click(name: string) {
  fireEvent.click(screen.getByRole('button', { name }));
  // Lets the clipboard promise settle.
  await act(async () => {});
}

describe('CopyButton', () => {
  it("puts the text on the clipboard and reads 'Copied!' for 2 s", async () => {
    render(<CopyButton text={() => 'hello'} />);
    await click('Copy JSON');
    expect(clipboard).toBe('hello');
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(COPIED_MS - 1));
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('button', { name: 'Copy JSON' })).toBeTruthy();
  });

  it('keeps its label when the clipboard refuses', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: vi.fn(async () => Promise.reject(new Error('denied'))) } });
    render(<CopyButton text={() => 'hello'} label="Copy Stream" />);
    await click('Copy Stream');
    expect(screen.getByRole('button', { name: 'Copy Stream' })).toBeTruthy();
  });
});

describe('JsonViewer', () => {
  const value = { sessionId: 'abc', count: 2, ok: true, none: null, nested: { deep: { deeper: [1, 2] } } };

  it('shows keys and scalars, with the first two levels open and deeper ones collapsed', () => {
    const { container } = render(<JsonViewer value={value} />);
    expect(screen.getByText('"abc"')).toBeTruthy();
    expect(screen.getByText('true')).toBeTruthy();
    expect(screen.getByText('null')).toBeTruthy();
    const details = [...container.querySelectorAll('details')];
    expect(details.map((node) => node.open)).toEqual([true, true, false, false]);
  });

  it('collapses and expands a node from its summary', () => {
    const { container } = render(<JsonViewer value={value} />);
    const root = container.querySelector('details') as HTMLDetailsElement;
    fireEvent.click(root.querySelector('summary') as HTMLElement);
    expect(root.open).toBe(false);
  });

  it('copies the whole value as indented JSON', async () => {
    render(<JsonViewer value={value} />);
    await click('Copy JSON');
    expect(clipboard).toBe(JSON.stringify(value, null, 2));
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeTruthy();
  });
});
