import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LogMonitorPanel } from './LogMonitorPanel';

const JSON_ENTRY = JSON.stringify({ level: 50, time: Date.now(), component: 'runs', msg: 'CLI exited', requestId: 'req-9', exitCode: 3 });
const RAW_ENTRY = 'plain text from somewhere';

/** A fake server: recent logs as JSON, the stream as a body the test writes into. */
function fakeServer(recent: string[], options: { streamStatus?: number } = {}) {
  let push: (text: string) => void = () => {};
  let streamSignal: AbortSignal | undefined;
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = String(input);
    if (url.startsWith('/api/logs/recent')) return Response.json({ logs: recent });
    streamSignal = init?.signal ?? undefined;
    if (options.streamStatus) return new Response('{"error":"nope"}', { status: options.streamStatus });
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        const encoder = new TextEncoder();
        push = (text) => controller.enqueue(encoder.encode(text));
        init?.signal?.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
      },
    });
    return new Response(body, { status: 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, push: (text: string) => act(() => push(text)), streamSignal: () => streamSignal };
}

beforeEach(() => {
  // jsdom has no layout: give the virtualised list a viewport so it renders rows.
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(400);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(800);
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(20);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function openPanel() {
  const user = userEvent.setup();
  render(<LogMonitorPanel />);
  await user.click(screen.getByRole('button', { name: 'Logs' }));
  return user;
}

describe('LogMonitorPanel', () => {
  it('while collapsed: Filter and Clear are disabled, Disconnected, nothing is fetched', () => {
    const { fetchMock } = fakeServer([]);
    render(<LogMonitorPanel />);
    expect(screen.getByPlaceholderText('Filter logs...')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Clear' })).toBeDisabled();
    expect(screen.getByText('Disconnected')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('on opening loads the recent 100 first, then connects to the stream', async () => {
    const { fetchMock } = fakeServer([JSON_ENTRY]);
    await openPanel();
    expect(await screen.findByText('Connected')).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(['/api/logs/recent?limit=100', '/api/logs/stream']);
    expect(screen.getByPlaceholderText('Filter logs...')).toBeEnabled();
  });

  it('shows JSON entries as time, coloured level, component, message, request id and extras, and other entries raw', async () => {
    fakeServer([JSON_ENTRY, RAW_ENTRY]);
    await openPanel();
    const log = await screen.findByRole('log');
    const level = await within(log).findByText('error');
    expect(level).toHaveAttribute('data-log-level', 'error');
    expect(level.className).toContain('text-red-');
    expect(within(log).getByText('[runs]')).toBeInTheDocument();
    expect(within(log).getByText('CLI exited')).toBeInTheDocument();
    expect(within(log).getByText('req=req-9')).toBeInTheDocument();
    expect(within(log).getByText('exitCode')).toBeInTheDocument();
    const raw = within(log).getByText(RAW_ENTRY);
    expect(raw).toHaveAttribute('data-log-kind', 'raw');
  });

  it('appends streamed entries and skips heartbeats', async () => {
    const server = fakeServer([]);
    await openPanel();
    expect(await screen.findByText('No logs to display')).toBeInTheDocument();
    await screen.findByText('Connected');
    server.push(': heartbeat\n\ndata: {"level":30,"time":1,"msg":"run started"}\n\n');
    expect(await screen.findByText('run started')).toBeInTheDocument();
    expect(screen.getByRole('log').querySelectorAll('[data-log-kind]')).toHaveLength(1);
  });

  it('filters case-insensitively on the raw entry and shows No logs to display when nothing matches', async () => {
    fakeServer([JSON_ENTRY, RAW_ENTRY]);
    const user = await openPanel();
    await screen.findByText(RAW_ENTRY);
    await user.type(screen.getByPlaceholderText('Filter logs...'), 'PLAIN TEXT');
    await vi.waitFor(() => expect(screen.queryByText('CLI exited')).not.toBeInTheDocument());
    expect(screen.getByText(RAW_ENTRY)).toBeInTheDocument();
    await user.type(screen.getByPlaceholderText('Filter logs...'), ' nowhere');
    expect(await screen.findByText('No logs to display')).toBeInTheDocument();
  });

  it('Clear empties the list', async () => {
    fakeServer([RAW_ENTRY]);
    const user = await openPanel();
    await screen.findByText(RAW_ENTRY);
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByText('No logs to display')).toBeInTheDocument();
  });

  it('collapsing aborts the stream and shows Disconnected', async () => {
    const server = fakeServer([]);
    const user = await openPanel();
    await screen.findByText('Connected');
    await user.click(screen.getByRole('button', { name: 'Logs' }));
    expect(server.streamSignal()?.aborted).toBe(true);
    expect(await screen.findByText('Disconnected')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clear' })).toBeDisabled();
  });

  it('a stream failure is only logged and the panel stays Disconnected', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    fakeServer([RAW_ENTRY], { streamStatus: 500 });
    await openPanel();
    expect(await screen.findByText(RAW_ENTRY)).toBeInTheDocument();
    await vi.waitFor(() => expect(warn).toHaveBeenCalledWith('Log stream failed', expect.anything()));
    expect(screen.getByText('Disconnected')).toBeInTheDocument();
  });
});
