import type { PermissionDecisionRecord } from '@cui/contract';
import { routes } from '@/app/routes';
import { useEffect, useState } from 'react';
import { apiCall } from '@/app/api-client';
import { type ViewMessage, decisionNoticeMessage, decisionNoticeText } from '@/features/live-run';

function holdsToolUse(message: ViewMessage, toolUseId: string): boolean {
  return message.blocks.some((block) => block.type === 'tool_use' && (block as { id?: unknown }).id === toolUseId);
}

/**
 * The main list with the remembered decisions made away from the conversation (issue 29.7: 'Approved from
 * notification', 'Denied from inbox'), each placed right after the message holding its tool use. A decision the list
 * already says (the live stream's notice, same id) or whose tool use is not held (an older window) adds nothing.
 */
export function withDecisionNotes(messages: ViewMessage[], decisions: PermissionDecisionRecord[]): ViewMessage[] {
  const said = new Set(messages.filter((m) => m.role === 'notice').map((m) => m.id));
  const notes = new Map<string, ViewMessage[]>();
  for (const decision of decisions) {
    const text = decisionNoticeText(decision.status, decision.decidedVia);
    const note = text === undefined ? undefined : decisionNoticeMessage(decision.permissionId, text);
    if (!note || said.has(note.id) || !decision.toolUseId) continue;
    const toolUseId = decision.toolUseId;
    const owner = messages.find((m) => m.role === 'assistant' && holdsToolUse(m, toolUseId));
    if (owner) notes.set(owner.id, [...(notes.get(owner.id) ?? []), note]);
  }
  if (notes.size === 0) return messages;
  return messages.flatMap((m) => [m, ...(notes.get(m.id) ?? [])]);
}

/**
 * The session's remembered decisions, read again each time `reloadKey` changes (every history read): a reload, or
 * the history read after a run ends. Until read (or when the read fails), none: the list is shown without them.
 */
export function useSessionDecisions(sessionId: string, reloadKey: unknown): PermissionDecisionRecord[] {
  const [decisions, setDecisions] = useState<PermissionDecisionRecord[]>([]);
  useEffect(() => {
    if (reloadKey === null) return;
    const controller = new AbortController();
    apiCall(routes.permissions.sessionDecisions, { params: { sessionId } }, { signal: controller.signal }).then(
      (answer) => setDecisions(answer.decisions),
      (error: unknown) => {
        if (!controller.signal.aborted) console.warn('Reading the decisions of the conversation failed:', error);
      },
    );
    return () => controller.abort();
  }, [sessionId, reloadKey]);
  return decisions;
}
