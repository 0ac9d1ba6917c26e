import type { DestinationStream } from 'pino';

/** How the server writes its log to stdout: JSON lines for machines, short human lines for a person at a terminal. */
export type LogFormat = 'json' | 'pretty';

/** A start-up setting the user got wrong (LOG_FORMAT): main prints it as one line. */
export class LogFormatError extends Error {}

/** `LOG_FORMAT=json|pretty` when set; otherwise pretty on a TTY, JSON for systemd, Docker, CI and pipes. */
export function logFormatFromEnv(env: NodeJS.ProcessEnv, isTTY: boolean): LogFormat {
  const value = env.LOG_FORMAT?.trim().toLowerCase();
  if (!value) return isTTY ? 'pretty' : 'json';
  if (value === 'json' || value === 'pretty') return value;
  throw new LogFormatError(`LOG_FORMAT must be json or pretty; got '${env.LOG_FORMAT}'`);
}

/** Levels at which the terminal shows each HTTP request (Fastify's 'incoming request' / 'request completed' lines). */
const REQUEST_LEVELS = new Set(['trace', 'debug']);

/** Fastify's per-request lines carry `req` or `res`; an errored request (level error) is shown whatever the level. */
function isQuietRequestLine(entry: Record<string, unknown>): boolean {
  return (entry.req !== undefined || entry.res !== undefined) && entry.level === 'info';
}

export interface PrettyDestinationOptions {
  /** The server's log level: requests reach the terminal only at debug or trace. */
  level: string;
  out: NodeJS.WritableStream;
  colorize: boolean;
}

/**
 * A destination that prints each JSON log line as `[HH:MM:ss] LEVEL: component: message {extras}`. pino-pretty is
 * loaded here, on demand: a server whose stdout is not a terminal never pays for it. The log panel's ring buffer is a
 * separate stream and keeps every line, requests included.
 */
export async function createPrettyDestination(options: PrettyDestinationOptions): Promise<DestinationStream> {
  // A CommonJS module: its exports are the default export's properties, in Node and in the server's bundle alike.
  const { prettyFactory } = (await import('pino-pretty')).default;
  const prettify = prettyFactory({
    colorize: options.colorize,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,component,requestId',
    messageFormat: '{if component}{component}: {end}{msg}',
    singleLine: true,
  });
  const showRequests = REQUEST_LEVELS.has(options.level);
  return {
    write(line: string) {
      const entry = JSON.parse(line) as Record<string, unknown>;
      if (!showRequests && isQuietRequestLine(entry)) return;
      options.out.write(prettify(entry));
    },
  };
}

/**
 * The last thing `npm start` prints: the URL with its token and, on a terminal, a QR code of it for a phone's camera.
 * The QR code library is loaded only then.
 */
export async function printStartupUrl(out: NodeJS.WritableStream, url: string, options: { qrCode: boolean }): Promise<void> {
  if (!options.qrCode) {
    out.write(`\ncui is running: ${url}\n\n`);
    return;
  }
  const { toString } = (await import('qrcode')).default;
  const qr = await toString(url, { type: 'terminal', small: true });
  out.write(`\ncui is running: ${url}\n${qr}\n`);
}
