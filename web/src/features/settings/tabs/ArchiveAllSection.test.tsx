import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SESSIONS_CHANGED_EVENT } from '@/app/sessions-changed';
import { ArchiveAllSection } from './ArchiveAllSection';
import { ARCHIVE_ALL_CONFIRMATION, ARCHIVE_SUCCESS_MS, type ArchiveAllDeps } from './use-archive-all';

type Reply = Awaited<ReturnType<ArchiveAllDeps['archiveAll']>>;

function deferred() {
  let resolve!: (value: Reply) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<Reply>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function renderSection(deps: ArchiveAllDeps) {
  render(<ArchiveAllSection deps={deps} />);
  return screen.getByRole('button', { name: 'Archive All Sessions' });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('ArchiveAllSection', () => {
  it('asks for confirmation and does nothing when it is declined', async () => {
    const deps: ArchiveAllDeps = { confirm: vi.fn(() => false), archiveAll: vi.fn() };
    await userEvent.setup().click(renderSection(deps));
    expect(deps.confirm).toHaveBeenCalledWith(ARCHIVE_ALL_CONFIRMATION);
    expect(deps.archiveAll).not.toHaveBeenCalled();
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it("shows 'Archiving...', then the server's message, which clears after 3 s, and tells the lists to reload", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const reply = deferred();
    const announced = vi.fn();
    window.addEventListener(SESSIONS_CHANGED_EVENT, announced);
    const button = renderSection({ confirm: () => true, archiveAll: () => reply.promise });
    await userEvent.setup({ advanceTimers: vi.advanceTimersByTime }).click(button);
    expect(screen.getByRole('status')).toHaveTextContent('Archiving...');
    expect(button).toBeDisabled();

    await act(async () => reply.resolve({ success: true, archivedCount: 2, message: 'Successfully archived 2 sessions' }));
    expect(screen.getByRole('status')).toHaveTextContent('Successfully archived 2 sessions');
    expect(button).toBeEnabled();
    expect(announced).toHaveBeenCalledTimes(1);
    window.removeEventListener(SESSIONS_CHANGED_EVENT, announced);

    act(() => vi.advanceTimersByTime(ARCHIVE_SUCCESS_MS - 1));
    expect(screen.getByRole('status')).toHaveTextContent('Successfully archived 2 sessions');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it("shows 'Error: ' and the message when archiving fails, and keeps it", async () => {
    const button = renderSection({ confirm: () => true, archiveAll: () => Promise.reject(new Error('HTTP 500')) });
    await userEvent.setup().click(button);
    expect(await screen.findByText('Error: HTTP 500')).toBeInTheDocument();
  });

  it("shows 'Failed to archive sessions' for a failure without a message", async () => {
    const button = renderSection({ confirm: () => true, archiveAll: () => Promise.reject(new Error('')) });
    await userEvent.setup().click(button);
    expect(await screen.findByText('Failed to archive sessions')).toBeInTheDocument();
  });
});
