import type { StreamEvent } from '@cui/contract';
import { describe, expect, it } from 'vitest';
import { openStream, startOk, useRunServer } from './runs-support';

/** Text as it is typed: token deltas from the real CLI's partial messages against the fake's slow scenario. */

const ctx = useRunServer();

type Delta = Extract<StreamEvent, { type: 'assistant_delta' }>;
const deltasOf = (events: StreamEvent[]): Delta[] => events.filter((event): event is Delta => event.type === 'assistant_delta');
const textOf = (event: StreamEvent | undefined): string =>
  event?.type === 'assistant' && Array.isArray(event.message.content)
    ? event.message.content.map((block) => (block.type === 'text' ? String(block.text) : '')).join('')
    : '';

/** The block's text as a viewer rebuilds it from the pieces it got (offset semantics of the contract). */
function rebuild(deltas: Delta[]): string {
  let text = '';
  for (const delta of deltas) text = text.slice(0, delta.offset) + delta.text;
  return text;
}

describe('text as it is typed', () => {
  it('sends more than one delta before the complete message, whose text is the same', async () => {
    const { streamingId } = await startOk(ctx.server, { workingDirectory: ctx.newRepo('deltas'), initialPrompt: 'be slow please' });
    const stream = await openStream(ctx.server, streamingId);
    await stream.ended;
    const assistantAt = stream.all.findIndex((event) => event.type === 'assistant');
    const before = deltasOf(stream.all.slice(0, assistantAt));
    expect(before.length).toBeGreaterThan(1);
    expect(new Set(before.map((delta) => delta.messageId))).toEqual(new Set([(stream.all[assistantAt] as { message: { id: string } }).message.id]));
    expect(before.every((delta) => delta.seq === undefined && delta.kind === 'text')).toBe(true);
    expect(rebuild(before)).toBe(textOf(stream.all[assistantAt]));
    expect(deltasOf(stream.all.slice(assistantAt))).toEqual([]);
  });

  it('gives a viewer joining mid-message the text so far at once, then the rest', async () => {
    const { streamingId } = await startOk(ctx.server, { workingDirectory: ctx.newRepo('late-viewer'), initialPrompt: 'be slow, joined late' });
    const first = await openStream(ctx.server, streamingId);
    await first.next(() => rebuild(deltasOf(first.all)).split(' ').length >= 3);
    const late = await openStream(ctx.server, streamingId);
    await Promise.all([first.ended, late.ended]);

    const lateDeltas = deltasOf(late.all);
    const [snapshot] = lateDeltas;
    expect(snapshot?.offset).toBe(0);
    expect(snapshot?.text.split(' ').length).toBeGreaterThanOrEqual(3);
    const final = textOf(late.events.find((event) => event.type === 'assistant'));
    expect(final.startsWith(snapshot?.text ?? '?')).toBe(true);
    expect(lateDeltas.length).toBeGreaterThan(1);
    expect(rebuild(lateDeltas)).toBe(final);
    // The replay log has no deltas: a viewer of the finished run gets the complete message only.
    const after = await openStream(ctx.server, streamingId);
    await after.ended;
    expect(deltasOf(after.all)).toEqual([]);
    expect(textOf(after.events.find((event) => event.type === 'assistant'))).toBe(final);
  });
});
