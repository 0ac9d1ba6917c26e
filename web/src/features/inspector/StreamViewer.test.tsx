import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UNAUTHORIZED_EVENT } from '@/app/auth-token';
import { STREAM_ROUTES } from './inspector-routes';
import { StreamViewer } from './StreamViewer';

/** A stream response the test writes into, line by line. */
function stubStream() {
  let push: (text: string) => void = () => {};
  let end: () => void = () => {};
  const fetchMock = vi.fn<typeof fetch>(async (_input, init) => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        push = (text) => controller.enqueue(new TextEncoder().encode(text));
        end = () => controller.close();
        init?.signal?.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
      },
    });
    return new Response(body, { status: 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, push: (text: string) => act(() => push(text)), end: () => act(() => end()) };
}

afterEach(() => vi.unstubAllGlobals());

const events = () => within(screen.getByRole('list', { name: 'Stream events' }));

describe('StreamViewer', () => {
  it("says 'Please enter a streaming ID' and opens nothing without one", async () => {
    const user = userEvent.setup();
    const { fetchMock } = stubStream();
    render(<StreamViewer routes={STREAM_ROUTES} />);
    await user.click(screen.getByRole('button', { name: 'Start Stream' }));
    expect(screen.getByRole('alert').textContent).toBe('Please enter a streaming ID');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows run events as they arrive, marks an invalid one, skips heartbeats, and ends with the stream', async () => {
    const user = userEvent.setup();
    const stream = stubStream();
    render(<StreamViewer routes={STREAM_ROUTES} />);
    await user.type(screen.getByLabelText('Streaming ID *'), 'run-1');
    await user.click(screen.getByRole('button', { name: 'Start Stream' }));
    expect(stream.fetchMock.mock.calls[0]?.[0]).toBe('/api/stream/run-1');
    await screen.findByText(/Streaming\.\.\./);
    await stream.push('{"type":"connected","streamingId":"run-1"}\n:heartbeat\n{"type":"bogus"}\nnot json\n');
    expect(events().getAllByRole('listitem')).toHaveLength(3);
    const [connected, bogus, broken] = events().getAllByRole('listitem');
    expect(connected?.dataset.invalid).toBeUndefined();
    expect(bogus?.dataset.invalid).toBe('true');
    expect(broken?.textContent).toContain('invalid: Not JSON');
    await stream.push('{"type":"closed","streamingId":"run-1","reason":"completed"}\n');
    await stream.end();
    expect(await screen.findByText('Stream ended · 4 events')).toBeTruthy();
  });

  it('Copy Stream puts every line received, invalid ones too, on the clipboard', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(async (_text: string) => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const stream = stubStream();
    render(<StreamViewer routes={STREAM_ROUTES} />);
    await user.type(screen.getByLabelText('Streaming ID *'), 'run-1');
    await user.click(screen.getByRole('button', { name: 'Start Stream' }));
    await screen.findByText(/Streaming\.\.\./);
    await stream.push('{"type":"connected","streamingId":"run-1"}\n{"type":"bogus"}\n');
    await user.click(screen.getByRole('button', { name: 'Copy Stream' }));
    expect(await screen.findByRole('button', { name: 'Copied!' })).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith('{"type":"connected","streamingId":"run-1"}\n{"type":"bogus"}');
  });

  it('reads the SSE log stream from its data lines, and Stop Stream and Clear work', async () => {
    const user = userEvent.setup();
    const stream = stubStream();
    render(<StreamViewer routes={STREAM_ROUTES} />);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Stream' }), 'streamLogs');
    await user.click(screen.getByRole('button', { name: 'Start Stream' }));
    expect(stream.fetchMock.mock.calls[0]?.[0]).toBe('/api/logs/stream');
    await screen.findByText(/Streaming\.\.\./);
    await stream.push('event: log\ndata: "first entry"\n\n: ping\n\n');
    expect(events().getAllByRole('listitem')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Stop Stream' }));
    expect(await screen.findByText('Stream stopped · 1 events')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(events().queryAllByRole('listitem')).toHaveLength(0);
  });

  it('a 401 sends the user to the login screen and shows Unauthorized', async () => {
    const user = userEvent.setup();
    const { fetchMock } = stubStream();
    fetchMock.mockResolvedValueOnce(Response.json({ error: 'Unauthorized', code: 'auth.unauthorized' }, { status: 401 }));
    const unauthorized = vi.fn();
    window.addEventListener(UNAUTHORIZED_EVENT, unauthorized);
    render(<StreamViewer routes={STREAM_ROUTES} />);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Stream' }), 'streamLogs');
    await user.click(screen.getByRole('button', { name: 'Start Stream' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Unauthorized');
    window.removeEventListener(UNAUTHORIZED_EVENT, unauthorized);
    expect(unauthorized).toHaveBeenCalledTimes(1);
  });
});
