import type { FastifyInstance } from 'fastify';
import { routes, type FollowEvent } from '@cui/contract';
import type { Logger } from 'pino';
import { AppError } from '../../platform/app-error';
import { registerStreamRoute } from '../../platform/http';
import { openNdjsonResponse } from '../../platform/ndjson-response';
import type { SessionIndex } from '../sessions/index';
import { completeEnd, createTranscriptTail } from './transcript-follow';

/** Comment lines keep an idle follower's connection (and proxies) open; clients skip lines starting with ':'. */
export const FOLLOW_HEARTBEAT_MS = 15_000;
/**
 * How often a follower re-checks whether the terminal CLI still runs: it stops without writing the transcript
 * (its registry entry just goes away), so no file event tells.
 */
export const FOLLOW_ACTIVITY_CHECK_MS = 1_000;

export interface FollowRouteDeps {
  sessions: Pick<SessionIndex, 'transcriptOf' | 'activeInTerminal' | 'onTranscriptsChanged'>;
  logger: Logger;
  heartbeatMs?: number;
  activityCheckMs?: number;
}

/**
 * GET /api/conversations/:sessionId/follow — tails the session's transcript: `connected`, then `messages` as the
 * CLI writes them and `activity` when a terminal CLI starts or stops writing it, until the viewer goes away (or
 * the server closes). Read-only: following never writes to the session.
 */
export function registerFollowRoute(app: FastifyInstance, deps: FollowRouteDeps): void {
  const logger = deps.logger.child({ component: 'follow' });
  const open = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const close of [...open]) close();
  });
  registerStreamRoute(app, routes.follow.follow, async ({ params, query, reply }) => {
    const sessionId = params.sessionId.toLowerCase();
    const filePath = await deps.sessions.transcriptOf(sessionId);
    if (!filePath) throw new AppError('session.not_found', `Conversation ${sessionId} not found`);
    const tail = createTranscriptTail(filePath, query.from ?? (await completeEnd(filePath)));
    const res = openNdjsonResponse(reply);
    const send = (event: FollowEvent): void => {
      if (!res.destroyed) res.write(`${JSON.stringify(event)}\n`);
    };
    let active = deps.sessions.activeInTerminal(sessionId);
    send({ type: 'connected', sessionId, offset: tail.offset, activeInTerminal: active });
    logger.info({ sessionId, from: tail.offset, activeInTerminal: active }, 'follower connected');

    // Reads are serialised: a change noticed during a read is read right after it.
    let reading: Promise<void> = Promise.resolve();
    const readNew = (): void => {
      reading = reading.then(async () => {
        const messages = await tail.read();
        if (messages.length > 0) send({ type: 'messages', messages, offset: tail.offset });
      }).catch((error: unknown) => logger.warn({ sessionId, err: error }, 'follow read failed'));
    };
    const checkActivity = (): void => {
      const now = deps.sessions.activeInTerminal(sessionId);
      if (now === active) return;
      active = now;
      // The transcript's last lines come before the CLI's exit: send them before saying it stopped.
      readNew();
      reading = reading.then(() => send({ type: 'activity', activeInTerminal: now }));
    };
    const unsubscribe = deps.sessions.onTranscriptsChanged((files) => {
      if (files.includes(filePath)) readNew();
    });
    const heartbeat = setInterval(() => res.write(': heartbeat\n'), deps.heartbeatMs ?? FOLLOW_HEARTBEAT_MS);
    const activityTimer = setInterval(checkActivity, deps.activityCheckMs ?? FOLLOW_ACTIVITY_CHECK_MS);
    const close = (): void => {
      clearInterval(heartbeat);
      clearInterval(activityTimer);
      unsubscribe();
      open.delete(close);
      if (!res.writableEnded) res.end();
    };
    open.add(close);
    res.on('close', () => {
      close();
      logger.debug({ sessionId }, 'follower disconnected');
    });
    // Whatever was written between the cursor and the watcher's subscription.
    readNew();
  });
}
