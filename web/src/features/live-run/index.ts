/** The shared stream client: NDJSON over fetch, reconnect without loss, status texts, per-session store. */
export { createLineSplitter, parseStreamLine } from './ndjson';
export { keepFollowing, readFollowStream } from './follow-stream';
export { readEventStream, STREAM_UNREACHABLE, StreamOpenError, type ReadStreamOptions } from './read-stream';
export {
  createStreamConnection,
  documentVisibility,
  exponentialRetry,
  fixedRetry,
  RECONNECT_DELAY_MS,
  type ConnectionState,
  type PageVisibility,
  type RetryPolicy,
  type StreamConnection,
  type StreamConnectionDeps,
} from './connection';
export { statusTextFor, toolStatusText } from './status-text';
export { type ChatMessage, type ToolResultRecord, isToolResult, toolResultText, toBlocks } from './chat-message';
export { applyDelta, completePartial, withPartials, type PartialMessage, type Partials } from './partial-messages';
export { decisionNoticeMessage, decisionNoticeText, initialSessionState, latestPending, sessionReducer, type SessionAction, type SessionState } from './session-store';
export { conversationToolMetrics, EMPTY_TALLY, EMPTY_TOOL_METRICS, type StreamToolTally, tallyToolEvent } from './tool-metrics';
export { useStreamConnection, type UseStreamConnectionOptions } from './use-stream-connection';
export { reduceLiveStatus, useLiveStatus, type LiveStatus } from './use-live-status';
