import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createPrettyDestination, logFormatFromEnv } from './terminal-output';

describe('logFormatFromEnv', () => {
  it('is pretty on a terminal and JSON elsewhere, unless LOG_FORMAT says otherwise', () => {
    expect(logFormatFromEnv({}, true)).toBe('pretty');
    expect(logFormatFromEnv({}, false)).toBe('json');
    expect(logFormatFromEnv({ LOG_FORMAT: 'json' }, true)).toBe('json');
    expect(logFormatFromEnv({ LOG_FORMAT: ' Pretty ' }, false)).toBe('pretty');
  });

  it('names the accepted values for anything else', () => {
    expect(() => logFormatFromEnv({ LOG_FORMAT: 'yaml' }, true)).toThrow("LOG_FORMAT must be json or pretty; got 'yaml'");
  });
});

describe('createPrettyDestination', () => {
  const request = { level: 'info', time: '2026-11-26T10:00:00.000Z', component: 'http', requestId: 'req-1', req: { method: 'GET', url: '/' }, msg: 'incoming request' };
  const lifecycle = { level: 'info', time: '2026-11-26T10:00:00.000Z', component: 'runs', pid: 1, hostname: 'h', msg: 'run started', streamingId: 's-1' };

  async function printed(level: string, entries: object[]): Promise<string> {
    let out = '';
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        out += chunk.toString();
        done();
      },
    });
    const destination = await createPrettyDestination({ level, colorize: false, out: sink });
    for (const entry of entries) destination.write(`${JSON.stringify(entry)}\n`);
    return out;
  }

  it('prints one short line per entry: time, level, component and message, extras on the same line', async () => {
    expect(await printed('info', [lifecycle])).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: runs: run started \{"streamingId":"s-1"\}\n$/);
  });

  it('leaves out the request lines at info and shows them at debug', async () => {
    expect(await printed('info', [request, lifecycle])).not.toContain('incoming request');
    expect(await printed('debug', [request])).toContain('INFO: http: incoming request');
  });

  it('shows a request that errored', async () => {
    expect(await printed('info', [{ ...request, level: 'error', msg: 'request errored' }])).toContain('ERROR: http: request errored');
  });
});
