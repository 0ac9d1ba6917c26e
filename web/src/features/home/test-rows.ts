import { DEFAULT_SESSION_INFO, type ConversationSummary } from '@cui/contract';

/** A list row for tests; `overrides.sessionInfo` merges into the defaults. */
export function makeRow(sessionId: string, overrides: Partial<ConversationSummary> = {}): ConversationSummary {
  const base = {
    sessionId,
    summary: `Summary ${sessionId}`,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    projectPath: '/home/me/project',
    status: 'completed',
    messageCount: 2,
    toolMetrics: { editCount: 0, writeCount: 0, linesAdded: 0, linesRemoved: 0 },
    sessionInfo: { ...DEFAULT_SESSION_INFO },
  } satisfies ConversationSummary;
  return { ...base, ...overrides, sessionInfo: { ...base.sessionInfo, ...overrides.sessionInfo } };
}
