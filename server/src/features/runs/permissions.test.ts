import type { PermissionRequest } from '@cui/contract';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/app-error';
import { createEventBus, type DomainEvents } from '../../platform/bus';
import { createPermissionRegistry, DEFAULT_DENY_MESSAGE } from './permissions';

const base = { streamingId: 'run-1', sessionId: 'session-1', toolName: 'Bash', toolInput: { command: 'ls', description: 'List' } };

function setup() {
  const bus = createEventBus(pino({ level: 'silent' }));
  const facts: string[] = [];
  bus.subscribe('permission.requested', (e: DomainEvents['permission.requested']) => facts.push(`requested ${e.permission.status}`));
  bus.subscribe('permission.resolved', (e: DomainEvents['permission.resolved']) => facts.push(`resolved ${e.permission.status} by ${e.source}`));
  const registry = createPermissionRegistry({ bus, now: () => new Date('2026-11-22T00:00:00.000Z') });
  const published: PermissionRequest[] = [];
  const open = (input = base) => registry.request(input, (p) => published.push(p));
  return { registry, published, open, facts };
}

describe('permission registry', () => {
  it('creates a pending request with an id and timestamp', () => {
    const { open } = setup();
    const { permission } = open();
    expect(permission).toEqual({ ...base, id: expect.any(String), timestamp: '2026-11-22T00:00:00.000Z', status: 'pending' });
  });

  it('approves with the original input, or with the modified fields merged over it', async () => {
    const { registry, open, published } = setup();
    const plain = open();
    registry.decide(plain.permission.id, { action: 'approve' }, 'console');
    expect(await plain.result).toEqual({ behavior: 'allow', updatedInput: base.toolInput });
    const modified = open();
    const decided = registry.decide(modified.permission.id, { action: 'approve', modifiedInput: { command: 'pwd' } }, 'console');
    expect(decided).toMatchObject({ status: 'approved', modifiedInput: { command: 'pwd' }, decidedVia: 'console' });
    expect(await modified.result).toEqual({ behavior: 'allow', updatedInput: { command: 'pwd', description: 'List' } });
    expect(published.map((p) => p.status)).toEqual(['approved', 'approved']);
  });

  it("approves with the CLI's suggestions applied when asked to always allow, and refuses that without suggestions", async () => {
    const { registry, open } = setup();
    const rule = { type: 'addRules' as const, rules: [{ toolName: 'Bash', ruleContent: 'npm test *' }], behavior: 'allow' as const, destination: 'localSettings' as const };
    const suggested = open({ ...base, suggestions: [rule] } as typeof base);
    expect(suggested.permission.suggestions).toEqual([
      { label: "Yes, and don't ask again for `npm test` in this project", destination: 'localSettings', destinationLabel: "This project's local settings (.claude/settings.local.json)", update: rule },
    ]);
    expect(registry.decide(suggested.permission.id, { action: 'approve', alwaysAllow: true }, 'inbox')).toMatchObject({ status: 'approved', alwaysAllowed: true });
    expect(await suggested.result).toEqual({ behavior: 'allow', updatedInput: base.toolInput, updatedPermissions: [rule] });
    const bare = open();
    expect(() => registry.decide(bare.permission.id, { action: 'approve', alwaysAllow: true }, 'console')).toThrow(
      expect.objectContaining({ code: 'permission.no_such_suggestion' }),
    );
    expect(registry.list({ status: 'pending' }).map((p) => p.id)).toEqual([bare.permission.id]);
  });

  it('denies with the user reason, or a default telling the model the user refused', async () => {
    const { registry, open } = setup();
    const withReason = open();
    registry.decide(withReason.permission.id, { action: 'deny', denyReason: 'not now' }, 'console');
    expect(await withReason.result).toEqual({ behavior: 'deny', message: 'The user denied this tool use: not now' });
    const silent = open();
    expect(registry.decide(silent.permission.id, { action: 'deny' }, 'console')).toMatchObject({ status: 'denied' });
    expect(await silent.result).toEqual({ behavior: 'deny', message: DEFAULT_DENY_MESSAGE });
  });

  it('refuses a second decision (409) and an unknown id (404)', () => {
    const { registry, open } = setup();
    const { permission } = open();
    registry.decide(permission.id, { action: 'approve' }, 'console');
    const second = (() => {
      try {
        registry.decide(permission.id, { action: 'deny' }, 'console');
      } catch (error) {
        return error;
      }
    })();
    expect(second).toBeInstanceOf(AppError);
    expect(second).toMatchObject({ code: 'permission.already_decided', status: 409 });
    expect(() => registry.decide('nope', { action: 'approve' }, 'console')).toThrow(expect.objectContaining({ code: 'permission.not_found', status: 404 }));
  });

  it('settles only the pending requests of one run, interrupting the turn', async () => {
    const { registry, open, published } = setup();
    const decided = open();
    registry.decide(decided.permission.id, { action: 'approve' }, 'console');
    const pending = open();
    const other = open({ ...base, streamingId: 'run-2' });
    registry.settleRun('run-1', 'run ended');
    expect(await pending.result).toEqual({ behavior: 'deny', message: 'run ended', interrupt: true });
    expect(registry.list({ streamingId: 'run-1' }).map((p) => p.status)).toEqual(['approved', 'denied']);
    expect(registry.list({ status: 'pending' }).map((p) => p.id)).toEqual([other.permission.id]);
    expect(published.filter((p) => p.status === 'denied')).toEqual([expect.objectContaining({ id: pending.permission.id, denyReason: 'run ended' })]);
  });

  it('lists by run and status and forgets a dropped run', () => {
    const { registry, open } = setup();
    open();
    open({ ...base, streamingId: 'run-2' });
    expect(registry.list()).toHaveLength(2);
    expect(registry.list({ streamingId: 'run-2' })).toHaveLength(1);
    registry.forgetRun('run-2');
    expect(registry.list().map((p) => p.streamingId)).toEqual(['run-1']);
  });

  it('publishes each request and its resolution on the bus, naming who resolved it', () => {
    const { registry, open, facts } = setup();
    const byUser = open();
    registry.decide(byUser.permission.id, { action: 'deny', denyReason: 'no' }, 'console');
    const fromPhone = open();
    expect(registry.decide(fromPhone.permission.id, { action: 'approve' }, 'notification')).toMatchObject({ status: 'approved', decidedVia: 'notification' });
    open({ ...base, streamingId: 'run-2' });
    registry.settleRun('run-2', 'run ended');
    registry.settleRun('run-2', 'run ended again');
    expect(facts).toEqual(['requested pending', 'resolved denied by user', 'requested pending', 'resolved approved by notification', 'requested pending', 'resolved denied by run']);
    expect(registry.list({ streamingId: 'run-2' })[0]?.decidedVia).toBeUndefined();
  });
});
