import { describe, expect, it, vi } from 'vitest';
import { StreamEvent } from '@cui/contract';
import { createLineSplitter, parseStreamLine } from './ndjson';

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

describe('parseStreamLine', () => {
  it('strips a data: prefix and parses the event', () => {
    expect(parseStreamLine('data: {"type":"connected","streamingId":"s1"}', StreamEvent)).toMatchObject({ type: 'connected', streamingId: 's1' });
  });

  it('ignores heartbeat lines starting with a colon and blank lines', () => {
    expect(parseStreamLine(': heartbeat', StreamEvent)).toBeNull();
    expect(parseStreamLine('', StreamEvent)).toBeNull();
  });

  it('skips and warns about an unparseable line', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(parseStreamLine('{not json', StreamEvent)).toBeNull();
    expect(warn).toHaveBeenCalledWith('Skipping unparseable stream line:', '{not json');
    warn.mockRestore();
  });

  it('skips and warns about an event of unknown type', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(parseStreamLine('{"type":"mystery"}', StreamEvent)).toBeNull();
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});
