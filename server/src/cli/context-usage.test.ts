import { describe, expect, it } from 'vitest';
import { createContextTracker } from './context-usage';
import type { RunEvent } from './sdk-events';

const assistant = (usage: Record<string, number>, parent: string | null = null, model = 'claude-opus-5-5'): RunEvent => ({
  type: 'assistant', parent_tool_use_id: parent, message: { id: 'msg_1', role: 'assistant', model, content: [{ type: 'text', text: 'hi' }], usage },
});

const result = (modelUsage: Record<string, unknown>): RunEvent => ({ type: 'result', subtype: 'success', session_id: 's', usage: { input_tokens: 99999 }, modelUsage });

describe('context window fill of a live run', () => {
  it("is the last main-chain response's input, cache-read and cache-creation tokens over the model's window", () => {
    const tracker = createContextTracker();
    tracker.annotate(assistant({ input_tokens: 10, cache_read_input_tokens: 0, cache_creation_input_tokens: 0, output_tokens: 5 }));
    tracker.annotate(assistant({ input_tokens: 1200, cache_read_input_tokens: 30000, cache_creation_input_tokens: 800, output_tokens: 60 }));
    // A subagent's response fills the subagent's context, not the session's.
    tracker.annotate(assistant({ input_tokens: 500000, output_tokens: 1 }, 'toolu_1'));
    const annotated = tracker.annotate(result({ 'claude-haiku-4-5': { contextWindow: 200000 }, 'claude-opus-5-5': { contextWindow: 1000000 } }));
    expect(annotated).toMatchObject({ type: 'result', contextUsage: { usedTokens: 32000, windowTokens: 1000000 } });
  });

  it('takes the first window reported when the model has another name there, and adds nothing without one', () => {
    const tracker = createContextTracker();
    expect(tracker.annotate(result({ m: { contextWindow: 1000 } }))).not.toHaveProperty('contextUsage');
    tracker.annotate(assistant({ input_tokens: 100 }, null, 'openrouter,some-model'));
    expect(tracker.annotate(result({ 'some-model': { contextWindow: 128000 } }))).toMatchObject({ contextUsage: { usedTokens: 100, windowTokens: 128000 } });
    expect(tracker.annotate(result({}))).not.toHaveProperty('contextUsage');
  });
});
