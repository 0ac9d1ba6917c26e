import { describe, expect, it, vi } from 'vitest';
import { StreamEvent } from '@cui/contract';
import { framedPayload } from '@/app/stream';
import { decodeStreamEvent } from './stream-event';

/** One run stream line as the reader hands it over: framed (heartbeats give null), then decoded. */
const parseStreamLine = (line: string) => {
  const payload = framedPayload(line, 'ndjson');
  return payload === null ? null : (decodeStreamEvent(payload, StreamEvent) ?? null);
};

describe('decodeStreamEvent (after the reader framed the line)', () => {
  it('strips a data: prefix and parses the event', () => {
    expect(parseStreamLine('data: {"type":"connected","streamingId":"s1"}')).toMatchObject({ type: 'connected', streamingId: 's1' });
  });

  it('ignores heartbeat lines starting with a colon and blank lines', () => {
    expect(parseStreamLine(': heartbeat')).toBeNull();
    expect(parseStreamLine('')).toBeNull();
  });

  it('skips and warns about an unparseable line', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(parseStreamLine('{not json')).toBeNull();
    expect(warn).toHaveBeenCalledWith('Skipping unparseable stream line:', '{not json');
    warn.mockRestore();
  });

  it('skips and warns about an event of unknown type', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(parseStreamLine('{"type":"mystery"}')).toBeNull();
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});
