/** The one stream reader of the web: every live stream (run, follow, inbox, logs, the raw page's viewer) reads through it. */
export { createLineSplitter, framedPayload } from './lines';
export { jsonDecoder, type JsonDecoderOptions, type ParseSchema } from './json-decoder';
export { readStream, type Decode, type ReadStreamOptions } from './read-stream';
export {
  documentVisibility,
  exponentialRetry,
  fixedRetry,
  noRetry,
  RECONNECT_DELAY_MS,
  windowTimers,
  type ConnectionState,
  type PageVisibility,
  type RetryPolicy,
  type Timers,
} from './retry';
export { STREAM_UNREACHABLE, StreamError, streamFailureText } from './stream-error';
export { createStreamReader, type CloseReason, type ResumeOptions, type StreamReader, type StreamReaderOptions } from './stream-reader';
export { fetchTransport, type FetchTransportDeps, type StreamTarget, type StreamTransport, type TransportHandlers } from './transport';
