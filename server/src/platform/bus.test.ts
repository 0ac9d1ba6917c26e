import { DEFAULT_SESSION_INFO } from '@cui/contract';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createLogBuffer } from './log-buffer';
import { createEventBus } from './bus';

const silent = pino({ level: 'silent' });
const info = DEFAULT_SESSION_INFO;

describe('event bus', () => {
  it('delivers each event synchronously to its listeners in subscription order', () => {
    const bus = createEventBus(silent);
    const seen: string[] = [];
    bus.subscribe('config.changed', (e) => seen.push(`a:${e.sections.join()}`));
    bus.subscribe('config.changed', (e) => seen.push(`b:${e.sections.join()}`));
    bus.subscribe('session.info.updated', (e) => seen.push(`other:${e.sessionId}`));
    bus.publish('config.changed', { sections: ['interface'] });
    expect(seen).toEqual(['a:interface', 'b:interface']);
  });

  it('isolates a throwing listener: the others still run, the publisher does not throw, the error is logged', () => {
    const buffer = createLogBuffer();
    const logger = pino({ level: 'error' }, buffer.stream);
    const bus = createEventBus(logger);
    const seen: string[] = [];
    bus.subscribe('session.info.updated', () => {
      throw new Error('listener broke');
    });
    bus.subscribe('session.info.updated', (e) => seen.push(e.sessionId));
    expect(() => bus.publish('session.info.updated', { sessionId: 's1', info })).not.toThrow();
    expect(seen).toEqual(['s1']);
    return new Promise<void>((resolve) => {
      setImmediate(() => {
        const lines = buffer.recent(10).join('\n');
        expect(lines).toContain('event listener failed');
        expect(lines).toContain('session.info.updated');
        resolve();
      });
    });
  });

  it('stops delivering after unsubscribe, and a listener removed mid-publish still gets that one event', () => {
    const bus = createEventBus(silent);
    const seen: string[] = [];
    const offB = bus.subscribe('config.changed', () => seen.push('b'));
    bus.subscribe('config.changed', () => {
      seen.push('a');
      offB();
    });
    // Order: b was subscribed first, so it runs first; the removal affects the next publish.
    bus.publish('config.changed', { sections: [] });
    bus.publish('config.changed', { sections: [] });
    expect(seen).toEqual(['b', 'a', 'a']);
  });

  it('reaches nobody after close', () => {
    const bus = createEventBus(silent);
    const seen: string[] = [];
    bus.subscribe('config.changed', () => seen.push('before'));
    bus.close();
    bus.subscribe('config.changed', () => seen.push('after'));
    bus.publish('config.changed', { sections: [] });
    expect(seen).toEqual([]);
  });
});
