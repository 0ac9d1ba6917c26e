import { describe, expect, it } from 'vitest';
import { createLineSplitter, framedPayload } from './lines';

describe('createLineSplitter', () => {
  it('joins lines split across chunk boundaries', () => {
    const splitter = createLineSplitter();
    expect(splitter.push('{"type":"conn')).toEqual([]);
    expect(splitter.push('ected"}\n{"a"')).toEqual(['{"type":"connected"}']);
    expect(splitter.push(':1}\n')).toEqual(['{"a":1}']);
    expect(splitter.flush()).toEqual([]);
  });

  it('returns a trailing line without newline on flush', () => {
    const splitter = createLineSplitter();
    splitter.push('one\ntwo');
    expect(splitter.flush()).toEqual(['two']);
  });
});

describe('framedPayload', () => {
  it('gives null for blank lines and heartbeats in both framings', () => {
    for (const framing of ['ndjson', 'sse'] as const) {
      expect(framedPayload('', framing)).toBeNull();
      expect(framedPayload('\r', framing)).toBeNull();
      expect(framedPayload(': heartbeat', framing)).toBeNull();
      expect(framedPayload(':', framing)).toBeNull();
    }
  });

  it("strips a 'data:' prefix and a trailing CR in both framings", () => {
    expect(framedPayload('data: {"a":1}\r', 'ndjson')).toBe('{"a":1}');
    expect(framedPayload('data:{"a":1}', 'sse')).toBe('{"a":1}');
    expect(framedPayload('{"a":1}\r', 'ndjson')).toBe('{"a":1}');
  });

  it("drops SSE's event, id and retry fields, keeps any other line as the payload", () => {
    expect(framedPayload('event: log', 'sse')).toBeNull();
    expect(framedPayload('id: 7', 'sse')).toBeNull();
    expect(framedPayload('retry: 100', 'sse')).toBeNull();
    expect(framedPayload('{"msg":"b"}', 'sse')).toBe('{"msg":"b"}');
    expect(framedPayload('event: log', 'ndjson')).toBe('event: log');
  });
});
