import type { ErrorCode } from '@cui/contract/errors';

/**
 * What the banner says when the server cannot be reached or the connection drops mid-stream. The browser's own
 * texts ('Failed to fetch', 'network error', 'NetworkError when attempting…') differ per engine and mean nothing
 * to a user; this keeps the spec's 'Stream connection failed: …' form (§8).
 */
export const STREAM_UNREACHABLE = 'Stream connection failed: the server cannot be reached';

/**
 * Why a connection attempt failed: `http` (a non-OK answer: `status`, the contract's `code`, and the API client's
 * message: 'Unauthorized', the body's error, else 'HTTP {status}'), `no-body` ('No response body', spec §8) or
 * `unreachable` (the network failed or dropped, STREAM_UNREACHABLE).
 */
export class StreamError extends Error {
  readonly kind: 'http' | 'no-body' | 'unreachable';
  readonly status: number | undefined;
  readonly code: ErrorCode | undefined;
  constructor(kind: StreamError['kind'], message: string, details: { status?: number; code?: ErrorCode | undefined; cause?: unknown } = {}) {
    super(message, { cause: details.cause });
    this.name = 'StreamError';
    this.kind = kind;
    this.status = details.status;
    this.code = details.code;
  }
}

/** Spec §8's text for a stream that failed to open: 'Stream connection failed: {status}', else the error's own message. */
export function streamFailureText(error: unknown): string {
  if (error instanceof StreamError && error.status !== undefined) return `Stream connection failed: ${error.status}`;
  return error instanceof Error ? error.message : String(error);
}
