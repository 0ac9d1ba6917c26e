import fs from 'node:fs';
import path from 'node:path';
import { StreamEvent } from '@cui/contract';
import { describe, expect, it } from 'vitest';
import { mapSdkMessage, type MappedMessage } from './sdk-events';

/** Fixtures are real recordings of CLI 2.1.330 / Agent SDK 0.3.330 against the scripted fake. */
const fixture = (name: string): unknown[] =>
  fs
    .readFileSync(path.join(import.meta.dirname, 'fixtures', name), 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as unknown);

const events = (mapped: MappedMessage[]) => mapped.flatMap((m) => (m.kind === 'event' ? [m.event] : []));

describe('mapSdkMessage', () => {
  it('maps a whole recorded fix run onto contract events in order', () => {
    const mapped = fixture('fix.sdk-messages.jsonl').map(mapSdkMessage);
    expect(mapped.every((m) => m.kind === 'event')).toBe(true);
    const out = events(mapped);
    expect(out.map((e) => e.type)).toEqual(['system_init', 'assistant', 'assistant', 'user', 'assistant', 'assistant', 'user', 'assistant', 'result']);
    for (const event of out) expect(StreamEvent.safeParse(event).success).toBe(true);
  });

  it('renames system/init to system_init and keeps cwd, session id and the other fields', () => {
    const [init] = fixture('fix.sdk-messages.jsonl');
    const mapped = mapSdkMessage(init);
    expect(mapped.kind).toBe('event');
    if (mapped.kind !== 'event') return;
    expect(mapped.event).toMatchObject({ type: 'system_init', cwd: '/tmp/example/repo', permissionMode: 'default', model: 'claude-opus-5-5' });
    expect(mapped.event).not.toHaveProperty('subtype');
    expect(typeof (mapped.event as { session_id: string }).session_id).toBe('string');
    expect(Array.isArray((mapped.event as { tools: unknown }).tools)).toBe(true);
  });

  it('passes other system subtypes as system events (api_retry, permission_denied)', () => {
    const retry = events(fixture('run-overloaded-529-retry.stream.jsonl').map(mapSdkMessage));
    expect(retry.find((e) => e.type === 'system')).toMatchObject({ type: 'system', subtype: 'api_retry', error_status: 529 });
    const denied = events(fixture('run-fix-default-denied.stream.jsonl').map(mapSdkMessage));
    expect(denied.find((e) => e.type === 'system')).toMatchObject({ subtype: 'permission_denied', tool_name: 'Edit' });
  });

  it('keeps an API error result with is_error so the UI can show it', () => {
    const out = events(fixture('run-api-error-400.stream.jsonl').map(mapSdkMessage));
    expect(out.at(-1)).toMatchObject({ type: 'result', is_error: true });
  });

  it('skips token-stream partials and keeps the interrupted turn and its error result', () => {
    const mapped = fixture('interrupt.sdk-messages.jsonl').map(mapSdkMessage);
    expect(mapped.filter((m) => m.kind === 'skipped').length).toBeGreaterThan(50);
    expect(mapped.filter((m) => m.kind === 'invalid')).toEqual([]);
    const results = events(mapped).filter((e) => e.type === 'result');
    expect(results[0]).toMatchObject({ subtype: 'error_during_execution', is_error: true });
  });

  it('forwards tool progress and similar non-system messages as system events with their type as subtype', () => {
    const mapped = mapSdkMessage({ type: 'tool_progress', tool_use_id: 'toolu_1', tool_name: 'Bash', elapsed_time_seconds: 3, session_id: 's' });
    expect(mapped).toEqual({ kind: 'event', event: { type: 'system', subtype: 'tool_progress', tool_use_id: 'toolu_1', tool_name: 'Bash', elapsed_time_seconds: 3, session_id: 's' } });
  });

  it('reports messages that do not match the contract as invalid instead of throwing', () => {
    expect(mapSdkMessage('text').kind).toBe('invalid');
    expect(mapSdkMessage(null).kind).toBe('invalid');
    expect(mapSdkMessage({ type: 'assistant', message: { content: 42 } })).toMatchObject({ kind: 'invalid', reason: expect.stringContaining('assistant') });
    expect(mapSdkMessage({ type: 'system', subtype: 'init', session_id: 's' })).toMatchObject({ kind: 'invalid', reason: expect.stringContaining('cwd') });
    expect(mapSdkMessage({ type: 'something_new' })).toMatchObject({ kind: 'skipped' });
  });
});
