import type { PermissionRequest } from '@cui/contract';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createEventBus } from '../../platform/bus';
import { createWaitingList, type PendingPermissions } from './waiting-list';

function permission(id: string, overrides: Partial<PermissionRequest> = {}): PermissionRequest {
  return {
    id,
    streamingId: `run-${id}`,
    sessionId: `session-${id}`,
    toolName: 'Edit',
    toolInput: { file_path: '/repo/hello.txt', old_string: 'a', new_string: 'b' },
    timestamp: '2026-11-22T20:00:00.000Z',
    status: 'pending',
    ...overrides,
  };
}

/** A registry stand-in: the requests as the runs feature would hold them. */
function setup() {
  const bus = createEventBus(pino({ level: 'silent' }));
  const held: PermissionRequest[] = [];
  const permissions: PendingPermissions = { list: ({ status }) => held.filter((p) => p.status === status) };
  const list = createWaitingList({
    bus,
    permissions,
    sessionTitle: (sessionId) => (sessionId === 'session-a' ? 'Fix the greeting' : ''),
    summarize: (toolName, input) => `${toolName} ${String(input.file_path)}`,
  });
  const updates: string[][] = [];
  list.subscribe((waiting) => updates.push(waiting.map((w) => w.id)));
  const ask = (p: PermissionRequest) => {
    held.push(p);
    bus.publish('permission.requested', { permission: p });
  };
  const resolve = (id: string) => {
    const index = held.findIndex((p) => p.id === id);
    held[index] = { ...(held[index] as PermissionRequest), status: 'approved' };
    bus.publish('permission.resolved', { permission: held[index] as PermissionRequest, source: 'user' });
  };
  return { bus, list, updates, ask, resolve, held };
}

describe('waiting list', () => {
  it("carries the CLI's 'don't ask again' wording when the request has suggestions (issue 26.1)", () => {
    const { list, ask } = setup();
    const label = "Yes, and don't ask again for `npm test` in this project";
    const update = { type: 'addRules', destination: 'localSettings' as const };
    ask(permission('a', { suggestions: [{ label, destination: 'localSettings', destinationLabel: 'x', update }] }));
    ask(permission('b'));
    expect(list.current().map((w) => w.alwaysAllowLabel)).toEqual([label, undefined]);
  });

  it('lists pending requests oldest first with title, tool and summary, never the tool input', () => {
    const { list, ask } = setup();
    ask(permission('a'));
    ask(permission('b', { toolName: 'Bash', toolInput: { command: 'ls' }, sessionId: undefined }));
    expect(list.current()).toEqual([
      { id: 'a', streamingId: 'run-a', sessionId: 'session-a', sessionTitle: 'Fix the greeting', toolName: 'Edit', summary: 'Edit /repo/hello.txt', timestamp: '2026-11-22T20:00:00.000Z' },
      { id: 'b', streamingId: 'run-b', sessionTitle: '', toolName: 'Bash', summary: 'Bash undefined', timestamp: '2026-11-22T20:00:00.000Z' },
    ]);
  });

  it('tells listeners the whole list on each request and decision', () => {
    const { updates, ask, resolve } = setup();
    ask(permission('a'));
    ask(permission('b'));
    resolve('a');
    expect(updates).toEqual([['a'], ['a', 'b'], ['b']]);
  });

  it('sends nothing when a fact changes nothing (a run ending after its request was decided)', () => {
    const { bus, updates, ask, resolve } = setup();
    ask(permission('a'));
    resolve('a');
    bus.publish('run.ended', { streamingId: 'run-a', sessionId: 'session-a', reason: 'completed', isError: false, durationMs: 5, summary: '' });
    expect(updates).toEqual([['a'], []]);
  });

  it('drops a request whose run ended without a resolution fact', () => {
    const { bus, updates, ask, held } = setup();
    ask(permission('a'));
    held.splice(0);
    bus.publish('run.ended', { streamingId: 'run-a', sessionId: 'session-a', reason: 'crashed', isError: true, durationMs: 5, summary: '' });
    expect(updates).toEqual([['a'], []]);
  });

  it('stops listening once closed or unsubscribed', () => {
    const { list, updates, ask } = setup();
    const other: string[][] = [];
    const stop = list.subscribe((waiting) => other.push(waiting.map((w) => w.id)));
    stop();
    list.close();
    ask(permission('a'));
    expect(updates).toEqual([]);
    expect(other).toEqual([]);
  });
});
