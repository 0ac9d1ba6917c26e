import { DEFAULT_SESSION_INFO, type PermissionRequest } from '@cui/contract';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createEventBus } from '../../platform/bus';
import { createLogBuffer } from '../../platform/log-buffer';
import { ConfigFile, type ConfigStore } from '../settings/index';
import { createActionTokenStore } from './action-tokens';
import type { NotificationChannel, NotificationContext } from './channel';
import type { Notification } from './messages';
import { createNotifier } from './notifier';

const permission: PermissionRequest = { id: 'p1', streamingId: 'st1', sessionId: 's1', toolName: 'Edit', toolInput: { file_path: 'a.txt' }, timestamp: '', status: 'pending' };
const ended = { streamingId: 'st2', sessionId: 's2', reason: 'completed', isError: false, durationMs: 5, summary: 'Done it' } as const;

function staticConfig(enabled: boolean): ConfigStore {
  const config = ConfigFile.parse({ machineId: 'box-1', authToken: 'a'.repeat(32), interface: { notifications: { enabled, ntfyUrl: 'http://127.0.0.1:9/x' } } });
  return { path: '/nowhere/config.json', get: () => config, update: () => config, updatePrivate: () => config };
}

/** A channel that records what it got; `fail` makes it reject, `hold` keeps it pending until aborted. */
function recordingChannel(name: string, behaviour: 'ok' | 'fail' | 'hold' = 'ok') {
  const sent: { notification: Notification; context: NotificationContext }[] = [];
  const channel: NotificationChannel = {
    name,
    send(notification, context) {
      sent.push({ notification, context });
      if (behaviour === 'fail') return Promise.reject(new Error(`${name} is down`));
      if (behaviour === 'hold') return new Promise((_, reject) => context.signal.addEventListener('abort', () => reject(new Error('aborted'))));
      return Promise.resolve();
    },
  };
  return { channel, sent };
}

function setup(options: { enabled?: boolean; muted?: string[]; channels: NotificationChannel[] }) {
  const buffer = createLogBuffer();
  const logger = pino({ level: 'debug' }, buffer.stream);
  const bus = createEventBus(logger);
  const muted = new Set(options.muted ?? []);
  const sessionInfo = { get: (id: string) => ({ ...DEFAULT_SESSION_INFO, notify: !muted.has(id) }) };
  const actionTokens = createActionTokenStore();
  const notifier = createNotifier({ bus, logger, config: staticConfig(options.enabled ?? true), sessionInfo, channels: options.channels, actionTokens });
  const logs = () => buffer.recent(100).map((line) => JSON.parse(line) as Record<string, unknown>);
  return { bus, notifier, logs, actionTokens };
}

/** Lets the notifier's promise chains run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('notifier', () => {
  it('sends a permission request and a finished run to every channel once, with the machine id and settings', async () => {
    const a = recordingChannel('a');
    const b = recordingChannel('b');
    const { bus, notifier } = setup({ channels: [a.channel, b.channel] });
    bus.publish('permission.requested', { permission });
    bus.publish('run.ended', ended);
    await notifier.close();
    for (const { sent } of [a, b]) {
      expect(sent.map((s) => [s.notification.kind, s.notification.sessionId, s.notification.message])).toEqual([
        ['permission', 's1', 'Edit: a.txt'],
        ['run-ended', 's2', 'Done it'],
      ]);
      expect(sent[0]?.context).toMatchObject({ machineId: 'box-1', settings: { enabled: true, ntfyUrl: 'http://127.0.0.1:9/x' } });
    }
  });

  it('says a schedule paused itself, opening its last failed conversation when it had one, and honours that session\'s mute', async () => {
    const a = recordingChannel('a');
    const { bus, notifier } = setup({ muted: ['s9'], channels: [a.channel] });
    bus.publish('schedule.paused', { scheduleId: 'sch1', name: 'Nightly build', reason: 'Paused after 3 failures in a row: boom', sessionId: 's3' });
    bus.publish('schedule.paused', { scheduleId: 'sch2', name: 'Report', reason: 'Folder not trusted: /x' });
    bus.publish('schedule.paused', { scheduleId: 'sch3', name: 'Muted', reason: 'Paused after 3 failures in a row: boom', sessionId: 's9' });
    await notifier.close();
    expect(a.sent.map((s) => [s.notification.kind, s.notification.title, s.notification.message, s.notification.sessionId])).toEqual([
      ['schedule-paused', 'CUI Schedule Paused', 'Nightly build: Paused after 3 failures in a row: boom', 's3'],
      ['schedule-paused', 'CUI Schedule Paused', 'Report: Folder not trusted: /x', ''],
    ]);
  });

  it('sends nothing while the master switch is off', async () => {
    const a = recordingChannel('a');
    const { bus, notifier } = setup({ enabled: false, channels: [a.channel] });
    bus.publish('permission.requested', { permission });
    bus.publish('run.ended', ended);
    await notifier.close();
    expect(a.sent).toEqual([]);
  });

  it('sends nothing for a muted session, and still for the others', async () => {
    const a = recordingChannel('a');
    const { bus, notifier } = setup({ muted: ['s1'], channels: [a.channel] });
    bus.publish('permission.requested', { permission });
    bus.publish('run.ended', ended);
    await notifier.close();
    expect(a.sent.map((s) => s.notification.sessionId)).toEqual(['s2']);
  });

  it('sends nothing for a run the user stopped', async () => {
    const a = recordingChannel('a');
    const { bus, notifier } = setup({ channels: [a.channel] });
    bus.publish('run.ended', { ...ended, reason: 'stopped' });
    await notifier.close();
    expect(a.sent).toEqual([]);
  });

  it('logs a failing channel and still delivers through the others', async () => {
    const down = recordingChannel('down', 'fail');
    const up = recordingChannel('up');
    const { bus, notifier, logs } = setup({ channels: [down.channel, up.channel] });
    expect(() => bus.publish('permission.requested', { permission })).not.toThrow();
    await settle();
    expect(up.sent).toHaveLength(1);
    expect(logs()).toContainEqual(expect.objectContaining({ msg: 'notification not delivered', channel: 'down', sessionId: 's1' }));
    expect(logs()).toContainEqual(expect.objectContaining({ msg: 'notification sent', channel: 'up' }));
    await notifier.close();
  });

  it('aborts a send in flight on close and stops listening', async () => {
    const held = recordingChannel('held', 'hold');
    const { bus, notifier } = setup({ channels: [held.channel] });
    bus.publish('permission.requested', { permission });
    await settle();
    expect(held.sent[0]?.context.signal.aborted).toBe(false);
    await notifier.close();
    expect(held.sent[0]?.context.signal.aborted).toBe(true);
    bus.publish('run.ended', ended);
    expect(held.sent).toHaveLength(1);
  });

  it("gives a notified permission Approve/Deny links that die once it is decided, and dies with the run", async () => {
    const a = recordingChannel('a');
    const { bus, notifier, actionTokens } = setup({ channels: [a.channel] });
    bus.publish('permission.requested', { permission });
    bus.publish('permission.requested', { permission: { ...permission, id: 'p2' } });
    await settle();
    const links = a.sent.map((s) => s.notification.actions);
    expect(links[0]).toEqual({ approvePath: expect.stringMatching(/^\/api\/notify-actions\/[A-Za-z0-9_-]{43}$/), denyPath: expect.stringMatching(/^\/api\/notify-actions\//) });
    const token = (path: string | undefined) => path?.split('/').pop() ?? '';
    expect(actionTokens.lookup(token(links[0]?.approvePath))).toEqual({ state: 'live', permissionId: 'p1', decision: 'approve' });
    bus.publish('permission.resolved', { permission: { ...permission, status: 'approved' }, source: 'user' });
    expect(actionTokens.lookup(token(links[0]?.denyPath))).toEqual({ state: 'decided', permissionId: 'p1' });
    expect(actionTokens.lookup(token(links[1]?.denyPath))).toMatchObject({ state: 'live', permissionId: 'p2' });
    bus.publish('run.ended', { ...ended, streamingId: 'st1', reason: 'stopped' });
    expect(actionTokens.lookup(token(links[1]?.denyPath))).toEqual({ state: 'unknown' });
    await notifier.close();
  });

  it('mints no links for a permission nobody is told about (muted session)', async () => {
    const a = recordingChannel('a');
    const { bus, notifier, actionTokens } = setup({ muted: ['s1'], channels: [a.channel] });
    bus.publish('permission.requested', { permission });
    await notifier.close();
    expect(actionTokens.mint(permission)).toBeDefined();
  });
});
