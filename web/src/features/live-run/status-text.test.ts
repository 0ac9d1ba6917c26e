import type { StreamEvent } from '@cui/contract';
import { describe, expect, it } from 'vitest';
import { statusTextFor, toolStatusText } from './status-text';

const assistantWith = (content: unknown): StreamEvent => ({ type: 'assistant', message: { content } }) as StreamEvent;
const toolUse = (name: string) => assistantWith([{ type: 'tool_use', id: 't1', name, input: {} }]);

describe('statusTextFor', () => {
  it.each([
    [{ type: 'connected', streamingId: 's' }, 'Running'],
    [{ type: 'system_init', cwd: '/r', session_id: 'x' }, 'Initializing...'],
    [{ type: 'result', subtype: 'success', session_id: 'x' }, 'Completed'],
    [{ type: 'result', subtype: 'error_max_turns', session_id: 'x' }, 'Max turns reached'],
    [{ type: 'result', subtype: 'error_during_execution', session_id: 'x' }, 'Finished'],
    [{ type: 'result', subtype: 'error_during_execution', session_id: 'x', interrupted: true }, 'Interrupted'],
    [{ type: 'closed', streamingId: 's' }, 'Closed'],
    [{ type: 'error', error: 'boom' }, 'Error occurred'],
  ] as Array<[StreamEvent, string]>)('maps %o to its status', (event, text) => {
    expect(statusTextFor(event)).toBe(text);
  });

  it('says Awaiting approval... for a permission request', () => {
    const data = { id: 'p', streamingId: 's', toolName: 'Edit', toolInput: {}, timestamp: '2026-01-01T00:00:00Z', status: 'pending' as const };
    expect(statusTextFor({ type: 'permission_request', data })).toBe('Awaiting approval...');
  });

  it('says Thinking... for an assistant message without a tool and Processing... without array content', () => {
    expect(statusTextFor(assistantWith([{ type: 'text', text: 'hi' }]))).toBe('Thinking...');
    expect(statusTextFor(assistantWith('plain text'))).toBe('Processing...');
  });

  it.each([
    ['Read', 'Reading file...'],
    ['Write', 'Writing file...'],
    ['Edit', 'Editing file...'],
    ['MultiEdit', 'Editing multiple sections...'],
    ['NotebookRead', 'Reading notebook...'],
    ['NotebookEdit', 'Editing notebook...'],
    ['Grep', 'Searching files...'],
    ['Glob', 'Finding files...'],
    ['LS', 'Listing directory...'],
    ['Bash', 'Running command...'],
    ['Task', 'Running task...'],
    ['Agent', 'Running task...'],
    ['WebFetch', 'Fetching web content...'],
    ['WebSearch', 'Searching web...'],
    ['TodoRead', 'Reading To-Do...'],
    ['TodoWrite', 'Updating To-Do...'],
    ['exit_plan_mode', 'Finalizing plan...'],
    ['ExitPlanMode', 'Finalizing plan...'],
    ['mcp__github__search', 'Running mcp__github__search...'],
  ])('shows the tool text for %s', (name, text) => {
    expect(statusTextFor(toolUse(name))).toBe(text);
    expect(toolStatusText(name)).toBe(text);
  });

  it('leaves the status unchanged for tool results and other system events', () => {
    expect(statusTextFor({ type: 'user', message: { content: [] } })).toBeUndefined();
    expect(statusTextFor({ type: 'system', subtype: 'compact_boundary' })).toBeUndefined();
  });

  it("shows the CLI's API retries (e.g. while the model router restarts)", () => {
    expect(statusTextFor({ type: 'system', subtype: 'api_retry', attempt: 2, max_retries: 10, retry_delay_ms: 1063, error_status: null })).toBe('Retrying... (attempt 2/10)');
    expect(statusTextFor({ type: 'system', subtype: 'api_retry' })).toBe('Retrying...');
  });
});
