import { afterEach, describe, expect, it, vi } from 'vitest';
import { UNAUTHORIZED_EVENT } from '@/app/auth-token';
import { framedPayload } from '@/app/stream';
import { decodeLogEntry, streamLogs } from './log-source';

/** One log stream line as the reader hands it over: framed as SSE (heartbeats give null), then decoded. */
const logLinePayload = (line: string) => {
  const payload = framedPayload(line, 'sse');
  return payload === null ? null : (decodeLogEntry(payload) ?? null);
};

function streamResponse(chunks: string[], init: ResponseInit = {}): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const encoder = new TextEncoder();
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
  return new Response(body, init);
}

afterEach(() => vi.restoreAllMocks());

describe('decodeLogEntry (after the reader framed the line)', () => {
  it("strips 'data: ' and ignores blank and ':' lines", () => {
    expect(logLinePayload('data: {"msg":"a"}')).toBe('{"msg":"a"}');
    expect(logLinePayload('{"msg":"b"}\r')).toBe('{"msg":"b"}');
    expect(logLinePayload(': heartbeat')).toBeNull();
    expect(logLinePayload('')).toBeNull();
  });

  it('skips an unparseable line with a console warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(logLinePayload('data: {broken')).toBeNull();
    expect(warn).toHaveBeenCalledTimes(1);
  });
});

describe('streamLogs', () => {
  it('opens with the Bearer token, reports the open, and delivers entries split across chunks', async () => {
    localStorage.setItem('cui-auth-token', '0123456789abcdef0123456789abcdef');
    const fetchFn = vi.fn<typeof fetch>().mockResolvedValue(streamResponse([': connected\n\ndata: {"msg":"o', 'ne"}\n\ndata: {"msg":"two"}\n', '\n: heartbeat\n\n']));
    const onOpen = vi.fn();
    const received: string[] = [];
    await streamLogs({ signal: new AbortController().signal, onOpen, onLines: (lines) => received.push(...lines), fetchFn });
    expect(onOpen).toHaveBeenCalledTimes(1);
    expect(received).toEqual(['{"msg":"one"}', '{"msg":"two"}']);
    const [url, init] = fetchFn.mock.calls[0] ?? [];
    expect(url).toBe('/api/logs/stream');
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer 0123456789abcdef0123456789abcdef');
  });

  it('fails without opening on a non-OK response', async () => {
    const fetchFn = vi.fn<typeof fetch>().mockResolvedValue(new Response('{"error":"boom"}', { status: 500 }));
    const onOpen = vi.fn();
    await expect(streamLogs({ signal: new AbortController().signal, onOpen, onLines: vi.fn(), fetchFn })).rejects.toThrow('boom');
    expect(onOpen).not.toHaveBeenCalled();
  });

  it('a 401 sends the user to the login screen', async () => {
    const fetchFn = vi.fn<typeof fetch>().mockResolvedValue(Response.json({ error: 'Unauthorized', code: 'auth.unauthorized' }, { status: 401 }));
    const unauthorized = vi.fn();
    window.addEventListener(UNAUTHORIZED_EVENT, unauthorized);
    await expect(streamLogs({ signal: new AbortController().signal, onOpen: vi.fn(), onLines: vi.fn(), fetchFn })).rejects.toThrow('Unauthorized');
    window.removeEventListener(UNAUTHORIZED_EVENT, unauthorized);
    expect(unauthorized).toHaveBeenCalledTimes(1);
  });
});
