/** A run's live stream (through the app's stream reader, `@/app/stream`), the follow stream, status texts, per-session store. */
export { keepFollowing, readFollowStream } from './follow-stream';
export { createStreamConnection, type StreamConnection, type StreamConnectionDeps } from './connection';
export { statusTextFor, toolStatusText } from './status-text';
export { type ViewMessage, type ToolResultRecord, isToolResult, toolResultText, toBlocks } from './view-message';
export { applyDelta, completePartial, withPartials, type PartialMessage, type Partials } from './partial-messages';
export { initialSessionState, latestPending, sessionReducer, type SessionAction, type SessionState } from './session-store';
export { conversationToolMetrics, EMPTY_TALLY, EMPTY_TOOL_METRICS, type StreamToolTally, tallyToolEvent } from './tool-metrics';
export { useStreamConnection, type UseStreamConnectionOptions } from './use-stream-connection';
export { reduceLiveStatus, useLiveStatus, type LiveStatus } from './use-live-status';
