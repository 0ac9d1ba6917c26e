import { describe, expect, it } from 'vitest';
import type { PartialText } from '../../cli/partial-messages';
import { createRunEventLog, type EventLogSubscriber } from './event-log';
import { createPartialTextStore } from './partial-text';

const at = '2026-11-22T00:00:00.000Z';
const piece = (text: string, over: Partial<PartialText> = {}): PartialText => ({ messageId: 'msg_1', index: 0, kind: 'text', text, parent_tool_use_id: null, ...over });
const assistant = (content: { type: string; text?: string; thinking?: string }[], id = 'msg_1') => ({ type: 'assistant' as const, message: { id, role: 'assistant' as const, content } });

function viewer(): EventLogSubscriber & { events: Record<string, unknown>[] } {
  const events: Record<string, unknown>[] = [];
  return { events, line: (line) => void events.push(JSON.parse(line) as Record<string, unknown>), end: () => undefined };
}

describe('partial text store', () => {
  it('gives each piece the offset where it starts in its block', () => {
    const store = createPartialTextStore();
    expect(store.add(piece('Hello'), at)).toMatchObject({ type: 'assistant_delta', messageId: 'msg_1', index: 0, offset: 0, text: 'Hello' });
    expect(store.add(piece(' world'), at)).toMatchObject({ offset: 5, text: ' world' });
    expect(store.add(piece('hmm', { index: 1, kind: 'thinking' }), at)).toMatchObject({ index: 1, kind: 'thinking', offset: 0 });
  });

  it('snapshots every open block whole, and forgets a block once its complete message arrives', () => {
    const store = createPartialTextStore();
    store.add(piece('think', { kind: 'thinking' }), at);
    store.add(piece('Hel', { index: 1 }), at);
    store.add(piece('lo', { index: 1 }), at);
    expect(store.snapshots(at).map(({ index, offset, text }) => ({ index, offset, text }))).toEqual([
      { index: 0, offset: 0, text: 'think' },
      { index: 1, offset: 0, text: 'Hello' },
    ]);
    store.complete(assistant([{ type: 'thinking', thinking: 'think' }]));
    expect(store.snapshots(at).map((delta) => delta.index)).toEqual([1]);
    store.complete(assistant([{ type: 'text', text: 'Hello' }], 'msg_other'));
    expect(store.snapshots(at)).toHaveLength(1);
    store.complete(assistant([{ type: 'text', text: 'Hello' }]));
    expect(store.snapshots(at)).toEqual([]);
  });
});

describe('run event log with typed text', () => {
  it('sends pieces live without a seq and does not keep them as events', () => {
    const log = createRunEventLog();
    const live = viewer();
    log.subscribe(0, live);
    log.appendPartial(piece('Hi'));
    log.appendPartial(piece(' there'));
    expect(live.events.map((event) => [event.type, event.seq, event.offset])).toEqual([
      ['assistant_delta', undefined, 0],
      ['assistant_delta', undefined, 2],
    ]);
    expect(log.events()).toEqual([]);
    expect(log.nextSeq()).toBe(0);
  });

  it('gives a late viewer the replay, then the text so far in one piece, then the next pieces', () => {
    const log = createRunEventLog();
    log.append({ type: 'system', subtype: 'status' });
    log.appendPartial(piece('one'));
    log.appendPartial(piece(' two'));
    const late = viewer();
    log.subscribe(0, late);
    log.appendPartial(piece(' three'));
    expect(late.events.map((event) => [event.type, event.offset, event.text])).toEqual([
      ['system', undefined, undefined],
      ['assistant_delta', 0, 'one two'],
      ['assistant_delta', 7, ' three'],
    ]);
  });

  it('has no text so far once the message is complete, the turn ended or the log closed', () => {
    const log = createRunEventLog();
    log.appendPartial(piece('done'));
    log.append(assistant([{ type: 'text', text: 'done' }]));
    log.appendPartial(piece('next', { messageId: 'msg_2' }));
    log.append({ type: 'result', subtype: 'error_during_execution', session_id: 's' });
    log.appendPartial(piece('last', { messageId: 'msg_3' }));
    log.close();
    log.appendPartial(piece('after', { messageId: 'msg_4' }));
    const late = viewer();
    log.subscribe(0, late);
    expect(late.events.map((event) => event.type)).toEqual(['assistant', 'result']);
  });
});
