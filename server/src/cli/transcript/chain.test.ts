import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConversationDetails } from '@cui/contract';
import { orderChain, type ChainNode } from './chain-order';
import { conversationJson } from './conversation-details';
import { MAX_LINE_BYTES, parsingHandler, readTranscriptLines } from './transcript-reader';

function node(uuid: string, parentUuid: string | null, shown = true, extra: Partial<ChainNode> = {}): ChainNode {
  return { uuid, parentUuid, shown, ...extra };
}

const order = (nodes: ChainNode[]): string[] => orderChain(nodes).map((o) => nodes[o.index]!.uuid);

describe('orderChain', () => {
  it('follows parentUuid links rather than file order and walks branches depth first', () => {
    expect(order([node('c', 'b'), node('a', null), node('b', 'a'), node('b2', 'a'), node('c2', 'b2')])).toEqual(['a', 'b', 'c', 'b2', 'c2']);
  });

  it('hides link nodes and points each shown message at its nearest shown ancestor', () => {
    const nodes = [node('a', null), node('att1', 'a', false), node('att2', 'att1', false), node('b', 'att2')];
    expect(orderChain(nodes).map((o) => [nodes[o.index]!.uuid, o.parentUuid])).toEqual([['a', null], ['b', 'a']]);
  });

  it('keeps orphans (unknown parent) as roots in file order, drops duplicate uuids and survives cycles', () => {
    expect(order([node('x', 'missing'), node('a', null), node('a', null), node('p', 'q'), node('q', 'p')])).toEqual(['x', 'a', 'p', 'q']);
  });

  it('orders a 50,000-message chain without recursion', () => {
    const nodes = Array.from({ length: 50_000 }, (_, i) => node(`m${i}`, i === 0 ? null : `m${i - 1}`));
    const out = order(nodes.reverse());
    expect(out).toHaveLength(50_000);
    expect(out[0]).toBe('m0');
    expect(out.at(-1)).toBe('m49999');
  });

  it('gives sidechain messages the Task tool_use id whose prompt started them', () => {
    const nodes = [node('a', null), node('s1', null, true, { isSidechain: true, promptText: 'Investigate X' }), node('s2', 's1', true, { isSidechain: true }), node('b', 'a')];
    const ordered = orderChain(nodes, new Map([['Investigate X', 'toolu_1']]));
    expect(ordered.map((o) => [nodes[o.index]!.uuid, o.parentToolUseId])).toEqual([['a', null], ['b', null], ['s1', 'toolu_1'], ['s2', 'toolu_1']]);
  });
});

describe('readTranscriptLines', () => {
  const tmp = (): string => fs.mkdtempSync(path.join(os.tmpdir(), 'cui-reader-'));

  it('stops before a half-written last line and resumes from that offset once it is complete', async () => {
    const file = path.join(tmp(), 't.jsonl');
    const line = (n: number): string => JSON.stringify({ type: 'user', uuid: `u${n}`, message: { content: `m${n}` } });
    fs.writeFileSync(file, `${line(1)}\n${line(2)}\r\n${line(3).slice(0, 10)}`);
    const seen: unknown[] = [];
    const handler = parsingHandler({ line: (l) => seen.push(l.uuid) });
    const first = await readTranscriptLines(file, { from: 0, to: fs.statSync(file).size }, handler);
    expect(seen).toEqual(['u1', 'u2']);
    expect(first.offset).toBe(Buffer.byteLength(`${line(1)}\n${line(2)}\r\n`));
    fs.appendFileSync(file, `${line(3).slice(10)}\n`);
    const second = await readTranscriptLines(file, { from: first.offset, to: fs.statSync(file).size }, handler);
    expect(seen).toEqual(['u1', 'u2', 'u3']);
    expect(second.offset).toBe(fs.statSync(file).size);
    fs.rmSync(path.dirname(file), { recursive: true });
  });

  it('skips a line longer than the limit without buffering it and keeps reading', async () => {
    const file = path.join(tmp(), 'huge.jsonl');
    const fd = fs.openSync(file, 'w');
    fs.writeSync(fd, `${JSON.stringify({ type: 'user', uuid: 'before', message: { content: 'a' } })}\n{"type":"user","blob":"`);
    const chunk = Buffer.alloc(4 * 1024 * 1024, 0x61);
    for (let written = 0; written <= MAX_LINE_BYTES; written += chunk.length) fs.writeSync(fd, chunk);
    fs.writeSync(fd, `"}\n${JSON.stringify({ type: 'user', uuid: 'after', message: { content: 'b' } })}\n`);
    fs.closeSync(fd);
    const seen: unknown[] = [];
    const result = await readTranscriptLines(file, { from: 0, to: fs.statSync(file).size }, parsingHandler({ line: (l) => seen.push(l.uuid) }));
    expect(seen).toEqual(['before', 'after']);
    expect(result).toMatchObject({ hugeLines: 1, offset: fs.statSync(file).size });
    const details = ConversationDetails.parse(JSON.parse((await conversationJson(file)).toString()));
    expect(details.messages.map((m) => m.uuid)).toEqual(['before', 'after']);
    fs.rmSync(path.dirname(file), { recursive: true });
  });

  it('reads files one after another and side by side through the same few buffers, each read seeing only its own lines', async () => {
    const dir = tmp();
    const line = (id: string, pad = 0): string => JSON.stringify({ type: 'user', uuid: id, message: { content: 'x'.repeat(pad) } });
    const big = path.join(dir, 'big.jsonl');
    const bigIds = Array.from({ length: 3000 }, (_, i) => `b${i}`);
    fs.writeFileSync(big, bigIds.map((id) => `${line(id, 500)}\n`).join('')); // ~1.6 MB: a full buffer, read twice
    const small = path.join(dir, 'small.jsonl');
    fs.writeFileSync(small, `${line('s1')}\n${line('s2')}\n${line('s3').slice(0, 20)}`);
    const read = async (file: string): Promise<{ ids: unknown[]; offset: number }> => {
      const ids: unknown[] = [];
      const { offset } = await readTranscriptLines(file, { from: 0, to: fs.statSync(file).size }, parsingHandler({ line: (l) => ids.push(l.uuid) }));
      return { ids, offset };
    };
    const smallOffset = Buffer.byteLength(`${line('s1')}\n${line('s2')}\n`);
    for (let round = 0; round < 2; round++) {
      expect(await read(big)).toEqual({ ids: bigIds, offset: fs.statSync(big).size });
      expect(await read(small)).toEqual({ ids: ['s1', 's2'], offset: smallOffset });
    }
    const together = await Promise.all([read(big), read(small), read(big), read(small), read(big), read(small)]);
    together.forEach((result, i) => expect(result).toEqual(i % 2 === 0 ? { ids: bigIds, offset: fs.statSync(big).size } : { ids: ['s1', 's2'], offset: smallOffset }));
    fs.rmSync(dir, { recursive: true });
  });

  it('closes the file it opened whether the read ends, a handler throws or the file is gone, and gives the head', async () => {
    const dir = tmp();
    const file = path.join(dir, 't.jsonl');
    const lines = ['a', 'b'].map((id) => `${JSON.stringify({ type: 'user', uuid: id, message: { content: id } })}\n`).join('');
    fs.writeFileSync(file, lines);
    const openFiles = (): number => fs.readdirSync('/proc/self/fd').length;
    const before = openFiles();
    const range = { from: 0, to: fs.statSync(file).size };
    const read = await readTranscriptLines(file, range, () => true, { headBytes: 8 });
    expect(read.head?.toString()).toBe(lines.slice(0, 8));
    await expect(readTranscriptLines(file, range, () => {
      throw new Error('handler failed');
    })).rejects.toThrow('handler failed');
    await expect(readTranscriptLines(path.join(dir, 'gone.jsonl'), range, () => true)).rejects.toMatchObject({ code: 'ENOENT' });
    expect(openFiles()).toBe(before);
    fs.rmSync(dir, { recursive: true });
  });
});
