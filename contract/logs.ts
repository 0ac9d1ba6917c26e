import { z } from 'zod';
import { QueryInt } from './common';
import { defineRoute } from './route';

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
  recent: defineRoute({ method: 'GET', path: '/api/logs/recent', query: RecentLogsQuery, response: RecentLogsResponse }),
  /** Streams `data: <raw log line>` lines, with `: heartbeat` comments. */
  stream: defineRoute({ method: 'GET', path: '/api/logs/stream', response: null }),
};
