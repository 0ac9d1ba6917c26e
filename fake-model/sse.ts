import type { ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { chunk, fakeSignature, makeId, stopReasonOf, usageFor } from './message';
import type { Pace, ScriptBlock } from './types';

/** Streams one scripted message as Anthropic Messages SSE events. */

const DEFAULT_PACE: Pace = { chunkChars: 24, delayMs: 0 };

export interface StreamOptions {
  model: string;
  inputBytes: number;
  blocks: ScriptBlock[];
  pace?: Pace;
  /** Aborted when the client goes away; writing stops at once. */
  signal: AbortSignal;
}

type Emit = (event: string, data: Record<string, unknown>) => Promise<void>;

function makeEmitter(res: ServerResponse, options: StreamOptions, pace: Pace): { emit: Emit; emitDelta: Emit } {
  const emit: Emit = async (event, data) => {
    if (options.signal.aborted || res.destroyed) throw new Error('client closed the stream');
    res.write(`event: ${event}\ndata: ${JSON.stringify({ type: event, ...data })}\n\n`);
  };
  const emitDelta: Emit = async (event, data) => {
    if (pace.delayMs > 0) await sleep(pace.delayMs, undefined, { signal: options.signal });
    await emit(event, data);
  };
  return { emit, emitDelta };
}

async function streamBlock(index: number, block: ScriptBlock, pace: Pace, out: { emit: Emit; emitDelta: Emit }): Promise<void> {
  const delta = (payload: Record<string, unknown>) => out.emitDelta('content_block_delta', { index, delta: payload });
  if (block.type === 'text') {
    await out.emit('content_block_start', { index, content_block: { type: 'text', text: '' } });
    for (const piece of chunk(block.text, pace.chunkChars)) await delta({ type: 'text_delta', text: piece });
  } else if (block.type === 'thinking') {
    await out.emit('content_block_start', { index, content_block: { type: 'thinking', thinking: '', signature: '' } });
    for (const piece of chunk(block.thinking, pace.chunkChars)) await delta({ type: 'thinking_delta', thinking: piece });
    await delta({ type: 'signature_delta', signature: fakeSignature() });
  } else {
    await out.emit('content_block_start', { index, content_block: { type: 'tool_use', id: makeId('toolu'), name: block.name, input: {} } });
    for (const piece of chunk(JSON.stringify(block.input), 40)) await delta({ type: 'input_json_delta', partial_json: piece });
  }
  await out.emit('content_block_stop', { index });
}

/**
 * Writes the whole event sequence. Resolves `true` when complete, `false` when the client
 * disconnected first (nothing more is written after that).
 */
export async function streamMessage(res: ServerResponse, options: StreamOptions): Promise<boolean> {
  const pace = options.pace ?? DEFAULT_PACE;
  const out = makeEmitter(res, options, pace);
  const usage = usageFor(options.inputBytes, options.blocks);
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive', 'request-id': makeId('req') });
  try {
    const message = { id: makeId('msg'), type: 'message', role: 'assistant', model: options.model, content: [], stop_reason: null, stop_sequence: null };
    await out.emit('message_start', { message: { ...message, usage: { ...usage, output_tokens: 1 } } });
    await out.emit('ping', {});
    for (const [index, block] of options.blocks.entries()) await streamBlock(index, block, pace, out);
    await out.emit('message_delta', { delta: { stop_reason: stopReasonOf(options.blocks), stop_sequence: null }, usage: { output_tokens: usage.output_tokens } });
    await out.emit('message_stop', {});
    res.end();
    return true;
  } catch (error) {
    // Deliberate recovery: a client that hangs up mid-stream (stop/interrupt tests) is expected, not a failure.
    if (options.signal.aborted || res.destroyed) return false;
    throw error;
  }
}
