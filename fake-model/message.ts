import { randomBytes } from 'node:crypto';
import type { ScriptBlock } from './types';

/** Builds Anthropic-shaped message objects (ids, usage, stop reason) from scripted blocks. */

export const makeId = (prefix: string): string => `${prefix}_fake${randomBytes(9).toString('hex')}`;

export interface Usage {
  input_tokens: number;
  output_tokens: number;
  cache_creation_input_tokens: number;
  cache_read_input_tokens: number;
}

/** Roughly four characters per token, like real tokenizers on English text. */
export const estimateTokens = (chars: number): number => Math.max(1, Math.ceil(chars / 4));

export function usageFor(inputBytes: number, blocks: ScriptBlock[]): Usage {
  const outputChars = blocks.reduce((total, block) => total + JSON.stringify(block).length, 0);
  return {
    input_tokens: estimateTokens(inputBytes),
    output_tokens: estimateTokens(outputChars),
    cache_creation_input_tokens: 0,
    cache_read_input_tokens: 0,
  };
}

export const stopReasonOf = (blocks: ScriptBlock[]): 'tool_use' | 'end_turn' =>
  blocks.some((block) => block.type === 'tool_use') ? 'tool_use' : 'end_turn';

/** A fake signature: the CLI sends thinking blocks back verbatim and nobody verifies them here. */
export const fakeSignature = (): string => randomBytes(24).toString('base64');

/** The complete content block as the non-streaming API returns it. */
export function finalBlock(block: ScriptBlock): Record<string, unknown> {
  switch (block.type) {
    case 'text':
      return { type: 'text', text: block.text };
    case 'thinking':
      return { type: 'thinking', thinking: block.thinking, signature: fakeSignature() };
    case 'tool_use':
      return { type: 'tool_use', id: makeId('toolu'), name: block.name, input: block.input };
  }
}

export function jsonMessage(model: string, inputBytes: number, blocks: ScriptBlock[]): Record<string, unknown> {
  return {
    id: makeId('msg'),
    type: 'message',
    role: 'assistant',
    model,
    content: blocks.map(finalBlock),
    stop_reason: stopReasonOf(blocks),
    stop_sequence: null,
    usage: usageFor(inputBytes, blocks),
  };
}

/** Splits text into pieces of at most `size` characters. */
export function chunk(text: string, size: number): string[] {
  const pieces: string[] = [];
  for (let start = 0; start < text.length; start += size) pieces.push(text.slice(start, start + size));
  return pieces.length > 0 ? pieces : [''];
}
