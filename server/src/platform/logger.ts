import os from 'node:os';
import pino, { type Logger } from 'pino';
import type { LogBuffer } from './log-buffer';

export interface LoggerOptions {
  level?: string;
  /** Also write to stdout (the server does; tests don't). */
  stdout?: boolean;
  buffer: LogBuffer;
}

/**
 * Structured JSON logs: `level, time, component, msg, pid, hostname, requestId` + extras,
 * to stdout and to the in-memory ring buffer. Secrets are redacted by path as a last line of defence;
 * code must still never log prompts, tokens or keys.
 */
export function createLogger(options: LoggerOptions): Logger {
  const streams: pino.StreamEntry[] = [{ stream: options.buffer.stream, level: 'trace' }];
  if (options.stdout) streams.push({ stream: process.stdout, level: 'trace' });
  return pino(
    {
      level: options.level ?? 'info',
      base: { pid: process.pid, hostname: os.hostname() },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: {
        paths: ['authToken', 'token', 'apiKey', 'api_key', '*.authToken', '*.apiKey', '*.api_key', 'headers.authorization', 'req.headers.authorization'],
        censor: '[redacted]',
      },
    },
    pino.multistream(streams),
  );
}
