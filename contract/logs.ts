import { z } from 'zod';
import { QueryInt } from './common';
import { defineRoute, defineStreamRoute } from './route';

/** Most entries GET /api/logs/recent returns; the panel asks for 100. */
export const MAX_RECENT_LOGS = 1000;

/** One parsed log entry (pino JSON). Extra fields are kept and shown by the panel. */
export const LogEntry = z.looseObject({
  level: z.union([z.number(), z.string()]),
  time: z.union([z.number(), z.string()]),
  msg: z.string().optional(),
  component: z.string().optional(),
  pid: z.number().optional(),
  hostname: z.string().optional(),
  requestId: z.string().optional(),
});
export type LogEntry = z.infer<typeof LogEntry>;

export const RecentLogsQuery = z.object({ limit: QueryInt.pipe(z.number().max(MAX_RECENT_LOGS)).optional() });
export const RecentLogsResponse = z.object({ logs: z.array(z.string()) });

export const logRoutes = {
  recent: defineRoute({ name: 'recentLogs', summary: 'The newest server log entries, as raw JSON lines.', method: 'GET', path: '/api/logs/recent', query: RecentLogsQuery, response: RecentLogsResponse }),
  /** `text/event-stream`: `data: <raw log line>` lines, with `: heartbeat` comments. */
  stream: defineStreamRoute({
    name: 'streamLogs',
    summary: 'Every new server log entry as it is written.',
    method: 'GET',
    path: '/api/logs/stream',
    emits: { framing: 'sse', schema: LogEntry },
  }),
};
