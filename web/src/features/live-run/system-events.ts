import { PERMISSION_MODE_LABELS } from '@cui/contract/constants';
import type { StreamEvent } from '@cui/contract';
import type { IncomingMessage } from './apply-messages';
import { commandOutputText, systemMarkerText, type ViewMessage } from './view-message';

type SystemEvent = Extract<StreamEvent, { type: 'system' }>;

/** The CLI's `system` events the conversation shows, as the transcript will have them (same uuid) where it has them. */

function line(event: SystemEvent, fallbackId: string, text: string, extra: Partial<ViewMessage> = {}): IncomingMessage {
  const id = typeof event.uuid === 'string' ? event.uuid : `${fallbackId}-${event.seq ?? ''}`;
  const message: ViewMessage = { id, role: 'notice', blocks: [{ type: 'text', text }], parentToolUseId: null, isSidechain: false, uuids: [id], ...extra };
  if (event.timestamp) message.timestamp = event.timestamp;
  return { message };
}

/** 'Permission mode switched to Plan' / 'Model switched to …': a live switch (issue 26.3), where it happened. */
export function switchText(event: Record<string, unknown>): string {
  const parts: string[] = [];
  const mode = PERMISSION_MODE_LABELS[event.permissionMode as keyof typeof PERMISSION_MODE_LABELS] as string | undefined;
  if (mode) parts.push(`Permission mode switched to ${mode}`);
  if (typeof event.model === 'string') parts.push(`Model switched to ${event.model}`);
  return parts.join(' · ');
}

/** A `system` event as a line of the conversation: a local command's output, a live switch, a compact boundary; else undefined. */
export function systemEventMessage(event: SystemEvent): IncomingMessage | undefined {
  const output = commandOutputText(event.subtype, event.content);
  if (output !== undefined) return line(event, 'command', output, { role: 'system', commandOutput: true });
  if (event.subtype === 'run_switched') return line(event, 'switch', switchText(event));
  const marker = systemMarkerText('system', event.subtype, typeof event.content === 'string' ? [{ type: 'text', text: event.content }] : []);
  return marker === undefined ? undefined : line(event, 'compact', marker);
}
