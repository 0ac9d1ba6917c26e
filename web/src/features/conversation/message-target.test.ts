import { describe, expect, it } from 'vitest';
import type { ViewMessage } from '@/features/live-run';
import { locateMessage } from './message-target';

const message = (id: string, uuids: string[]): ViewMessage => ({ id, role: 'assistant', blocks: [], parentToolUseId: null, isSidechain: false, uuids });

describe('locateMessage', () => {
  const all = [message('u-1', ['u-1']), message('msg_a', ['u-2', 'u-3']), message('u-4', ['u-4']), message('u-5', ['u-5'])];
  const shown = [all[0], all[1], all[3]] as ViewMessage[];

  it('finds a shown message by its own uuid or by a line merged into it', () => {
    expect(locateMessage(all, shown, 'u-1')).toBe('u-1');
    expect(locateMessage(all, shown, 'u-3')).toBe('msg_a');
  });

  it('gives a line the list does not show (a tool result) the nearest shown message before it', () => {
    expect(locateMessage(all, shown, 'u-4')).toBe('msg_a');
  });

  it('gives nothing for an unknown uuid or none', () => {
    expect(locateMessage(all, shown, 'nope')).toBeUndefined();
    expect(locateMessage(all, shown, undefined)).toBeUndefined();
  });
});
