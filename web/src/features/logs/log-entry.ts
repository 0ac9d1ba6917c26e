/** Level labels, pino's numeric levels (10..60) and the ones the panel colours (spec §2 Log monitor panel). */
export type LogLevel = 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal';

const NUMERIC_LEVELS: Record<number, LogLevel> = { 10: 'trace', 20: 'debug', 30: 'info', 40: 'warn', 50: 'error', 60: 'fatal' };
const KNOWN_LEVELS = new Set<string>(Object.values(NUMERIC_LEVELS));
/** Fields shown in their own columns; everything else is an "extra". */
const SHOWN_FIELDS = new Set(['level', 'time', 'msg', 'component', 'requestId', 'pid', 'hostname', 'v']);

export type ParsedLog =
  | {
      kind: 'json';
      time: string;
      /** A known level, or the raw label when the entry uses another one. */
      level: string;
      component?: string;
      message?: string;
      requestId?: string;
      extras: Array<[string, string]>;
    }
  | { kind: 'raw'; text: string };

export function levelLabel(level: unknown): string {
  if (typeof level === 'number') return NUMERIC_LEVELS[level] ?? String(level);
  if (typeof level === 'string') return level.toLowerCase();
  return 'info';
}

function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}

/** HH:MM:SS.mmm in local time for epoch numbers; other strings are shown as they are. */
export function formatLogTime(time: unknown): string {
  const date = typeof time === 'number' ? new Date(time) : typeof time === 'string' ? new Date(time) : undefined;
  if (!date || Number.isNaN(date.getTime())) return typeof time === 'string' ? time : '';
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.${pad(date.getMilliseconds(), 3)}`;
}

/**
 * A number as a person reads it: pino's timings (`responseTime=0.37304299999959767`) print to two decimals, and
 * values under one keep two significant digits so a small one does not turn into 0.
 */
export function formatNumber(value: number): string {
  if (Number.isInteger(value) || !Number.isFinite(value)) return String(value);
  return String(Math.abs(value) >= 1 ? Math.round(value * 100) / 100 : Number(value.toPrecision(2)));
}

function extraValue(value: unknown): string {
  if (typeof value === 'number') return formatNumber(value);
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function optionalString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;
}

/** A raw log line as the panel shows it: JSON objects as structured entries, anything else as raw text. */
export function parseLogEntry(raw: string): ParsedLog {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    // Not JSON: shown as raw text, which is the documented fallback.
    return { kind: 'raw', text: raw };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { kind: 'raw', text: raw };
  const record = value as Record<string, unknown>;
  return {
    kind: 'json',
    time: formatLogTime(record.time),
    level: levelLabel(record.level),
    component: optionalString(record.component),
    message: optionalString(record.msg),
    requestId: optionalString(record.requestId ?? record.reqId),
    extras: Object.entries(record)
      .filter(([key]) => !SHOWN_FIELDS.has(key) && key !== 'reqId')
      .map(([key, field]) => [key, extraValue(field)]),
  };
}

const LEVEL_CLASSES: Record<LogLevel, string> = {
  trace: 'text-neutral-400 dark:text-neutral-500',
  debug: 'text-neutral-500 dark:text-neutral-400',
  info: 'text-blue-600 dark:text-blue-400',
  warn: 'text-amber-600 dark:text-amber-400',
  error: 'text-red-600 dark:text-red-400',
  fatal: 'font-bold text-fuchsia-700 dark:text-fuchsia-400',
};

/** Colour classes of a level label; unknown levels are neutral. */
export function levelClasses(level: string): string {
  return KNOWN_LEVELS.has(level) ? LEVEL_CLASSES[level as LogLevel] : 'text-neutral-600 dark:text-neutral-300';
}

/** Spec §2: case-insensitive substring match on the raw entry. */
export function matchesFilter(raw: string, filter: string): boolean {
  return filter === '' || raw.toLowerCase().includes(filter.toLowerCase());
}
