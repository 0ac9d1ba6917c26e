import os from 'node:os';
import pino, { type DestinationStream, type Logger } from 'pino';
import type { LogBuffer } from './log-buffer';

/** Last line of defence only: code must never pass prompts, tokens or keys to the logger in the first place. */
const REDACTED_PATHS = [
  'authToken', 'token', 'apiKey', 'api_key', 'prompt', 'initialPrompt', 'authorization',
  '*.authToken', '*.token', '*.apiKey', '*.api_key', '*.prompt', '*.initialPrompt', '*.authorization',
  'headers.authorization', 'req.headers.authorization', 'body', 'req.body',
];

export interface LoggerOptions {
  level?: string;
  /** Also write to stdout (the server does; tests don't): JSON lines, or the given destination (the terminal's pretty lines). */
  stdout?: boolean | DestinationStream;
  buffer: LogBuffer;
}

/**
 * Structured JSON logs: `level, time, component, msg, pid, hostname, requestId` + extras,
 * to stdout and to the in-memory ring buffer. Secrets are redacted by path as a last line of defence;
 * code must still never log prompts, tokens or keys.
 */
export function createLogger(options: LoggerOptions): Logger {
  const streams: pino.StreamEntry[] = [{ stream: options.buffer.stream, level: 'trace' }];
  if (options.stdout) streams.push({ stream: options.stdout === true ? process.stdout : options.stdout, level: 'trace' });
  return pino(
    {
      level: options.level ?? 'info',
      base: { pid: process.pid, hostname: os.hostname() },
      timestamp: pino.stdTimeFunctions.isoTime,
      // Labels ('info') rather than numbers: the log panel's substring filter then matches 'error' etc.
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    },
    pino.multistream(streams),
  );
}
