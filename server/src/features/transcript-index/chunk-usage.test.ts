import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readChunk } from './index-chunk';
import { applyLine, emptyAggregate, type SessionAggregate } from '../../cli/transcript/session-aggregate';
import type { TranscriptLine } from '../../cli/transcript/transcript-line';

const fixture = (name: string): string => fileURLToPath(new URL(`../../cli/transcript/fixtures/${name}`, import.meta.url));
const CLI_2_1 = fixture('transcript-after-resume.jsonl');
const CLI_1_X = fixture('cli-1x-clear-7d3c1a52-4b1e-4f0a-9c55-2f1a8e6b0c11.jsonl');

function fold(lines: TranscriptLine[]): SessionAggregate {
  const agg = emptyAggregate();
  for (const line of lines) applyLine(agg, line);
  return agg;
}

function response(id: string, blocks: number, usage: Record<string, number>): TranscriptLine[] {
  return Array.from({ length: blocks }, (_, i) => ({
    type: 'assistant', uuid: `${id}-${i}`, timestamp: '2026-11-22T10:00:00.000Z',
    message: { id, role: 'assistant', model: 'claude-opus-5-5', content: [{ type: 'text', text: `block ${i}` }], usage },
  }));
}

async function readWhole(file: string): Promise<SessionAggregate> {
  return (await readChunk({ filePath: file, from: 0, to: fs.statSync(file).size, aggregate: emptyAggregate() })).aggregate;
}

describe('session usage from the transcript', () => {
  it('counts a response whose usage every content block repeats once', () => {
    const usage = { input_tokens: 100, output_tokens: 7, cache_creation_input_tokens: 30, cache_read_input_tokens: 500 };
    const agg = fold([...response('msg_1', 3, usage), ...response('msg_2', 2, { ...usage, output_tokens: 3 })]);
    expect(agg.usage).toEqual({ inputTokens: 200, outputTokens: 10, cacheCreationTokens: 60, cacheReadTokens: 1000 });
  });

  it('takes the cost from the last cost-state line, and the tokens of a CLI 2.1 transcript equal its own totals', async () => {
    const agg = await readWhole(CLI_2_1);
    // The fixture's last cost-state line: modelUsage inputTokens 50164, outputTokens 107, totalCostUSD 0.2027959…
    expect(agg.usage).toEqual({ inputTokens: 50164, outputTokens: 107, cacheCreationTokens: 0, cacheReadTokens: 0, costUsd: 0.20279599999999998 });
  });

  it('gives tokens without a cost for a transcript of an older CLI (no cost-state lines)', async () => {
    const agg = await readWhole(CLI_1_X);
    expect(agg.usage).toEqual({ inputTokens: 120, outputTokens: 40, cacheCreationTokens: 0, cacheReadTokens: 0 });
    expect('costUsd' in agg.usage).toBe(false);
  });

  it('adds only the new lines of an appended transcript, even when the cut falls between the blocks of one response', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cui-usage-'));
    try {
      const file = path.join(dir, 'session.jsonl');
      const text = fs.readFileSync(CLI_2_1, 'utf8');
      const lines = text.split('\n');
      // Cut right after the first block of a two-block response.
      const cutLine = lines.findIndex((l, i) => l.includes('"type":"assistant"') && lines[i + 1]?.includes('"type":"assistant"')) + 1;
      expect(cutLine).toBeGreaterThan(0);
      const head = `${lines.slice(0, cutLine).join('\n')}\n`;
      fs.writeFileSync(file, head);
      const first = await readChunk({ filePath: file, from: 0, to: Buffer.byteLength(head), aggregate: emptyAggregate() });
      expect(first.aggregate.usage.costUsd).toBeUndefined();
      fs.writeFileSync(file, text);
      // The aggregate goes through the index's parse_state (JSON) between the two reads.
      const stored = JSON.parse(JSON.stringify(first.aggregate)) as SessionAggregate;
      const second = await readChunk({ filePath: file, from: first.offset, to: fs.statSync(file).size, aggregate: stored });
      expect(second.aggregate.usage).toEqual(await readWhole(CLI_2_1).then((a) => a.usage));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
