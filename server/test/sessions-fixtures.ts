import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import pino, { type Logger } from 'pino';
import type { LiveRunInfo, LiveRuns, PlatformDeps } from '../src/context';
import { registerSearchRoutes } from '../src/features/search/index';
import { createSessionIndex, createSessionInfoStore, registerSessionRoutes, type SessionIndexDeps } from '../src/features/sessions/index';
import { createConfigStore } from '../src/features/settings/index';
import { createEventBus, type EventBus } from '../src/platform/bus';
import { openDatabase } from '../src/platform/db';
import { installErrorHandler } from '../src/platform/errors-http';
import { createSdkLoader } from '../src/cli/claude-query';
import { createLogBuffer } from '../src/platform/log-buffer';
import { resolvePaths } from '../src/platform/paths';
import type { TestDirs } from './helpers';

/** Builds transcripts in the CLI 2.1.330 line format (README §5) for the sessions tests. */
export interface FixtureSession {
  sessionId: string;
  cwd: string;
  filePath: string;
}

export function projectDirName(cwd: string): string {
  return cwd.replace(/[^a-zA-Z0-9]/g, '-');
}

export function iso(minutesAfterEpoch: number): string {
  return new Date(Date.parse('2026-03-01T00:00:00.000Z') + minutesAfterEpoch * 60_000).toISOString();
}

export function userLine(session: FixtureSession, text: string, options: { parentUuid?: string | null; timestamp: string; uuid?: string }): Record<string, unknown> {
  return {
    parentUuid: options.parentUuid ?? null, isSidechain: false, type: 'user', message: { role: 'user', content: text },
    uuid: options.uuid ?? randomUUID(), timestamp: options.timestamp, cwd: session.cwd, sessionId: session.sessionId, version: '2.1.330',
  };
}

export function assistantLine(session: FixtureSession, content: unknown[], options: { parentUuid: string | null; timestamp: string; uuid?: string }): Record<string, unknown> {
  return {
    parentUuid: options.parentUuid, isSidechain: false,
    message: { id: `msg_${randomUUID()}`, type: 'message', role: 'assistant', model: 'claude-opus-5-5', content },
    type: 'assistant', uuid: options.uuid ?? randomUUID(), timestamp: options.timestamp, cwd: session.cwd, sessionId: session.sessionId,
  };
}

export function toJsonl(lines: Record<string, unknown>[]): string {
  return lines.map((l) => `${JSON.stringify(l)}\n`).join('');
}

/**
 * A conversation of `turns` prompt/answer pairs starting at `startMinute` (one minute apart), with
 * bookkeeping lines around it like the real CLI writes. Returns the session and its message count.
 */
export function writeSession(projectsDir: string, options: { cwd: string; prompt: string; startMinute: number; turns?: number; sessionId?: string }): FixtureSession & { messages: number; updatedAt: string; createdAt: string } {
  const sessionId = options.sessionId ?? randomUUID();
  const dir = path.join(projectsDir, projectDirName(options.cwd));
  fs.mkdirSync(dir, { recursive: true });
  const session: FixtureSession = { sessionId, cwd: options.cwd, filePath: path.join(dir, `${sessionId}.jsonl`) };
  const lines: Record<string, unknown>[] = [{ type: 'queue-operation', operation: 'enqueue', timestamp: iso(options.startMinute), sessionId, content: options.prompt }];
  let parent: string | null = null;
  let minute = options.startMinute;
  const turns = options.turns ?? 1;
  for (let t = 0; t < turns; t++) {
    const user = userLine(session, t === 0 ? options.prompt : `follow-up ${t}`, { parentUuid: parent, timestamp: iso(minute) });
    const answer = assistantLine(session, [{ type: 'text', text: `answer ${t}` }], { parentUuid: user.uuid as string, timestamp: iso(minute + 0.5) });
    lines.push(user, { type: 'api-request', request: { model: 'x' }, sessionId }, answer, { type: 'last-prompt', lastPrompt: 'x', leafUuid: answer.uuid, sessionId });
    parent = answer.uuid as string;
    minute += 1;
  }
  fs.writeFileSync(session.filePath, toJsonl(lines));
  return { ...session, messages: turns * 2, createdAt: iso(options.startMinute), updatedAt: iso(options.startMinute + turns - 1 + 0.5) };
}

/** A LiveRuns the test drives by hand (the runs feature's read side), publishing run facts on its own bus. */
export interface FakeRuns extends LiveRuns {
  readonly bus: EventBus;
  /** `routed`: as a run through the model-provider router. */
  start(run: LiveRunInfo, options?: { routed?: boolean }): void;
  end(sessionId: string): void;
}

export function createFakeRuns(): FakeRuns {
  const runs = new Map<string, LiveRunInfo>();
  const bus = createEventBus(pino({ level: 'silent' }));
  return {
    bus,
    list: () => [...runs.values()],
    bySession: (sessionId) => runs.get(sessionId),
    start: (run, options = {}) => {
      runs.set(run.sessionId, run);
      const { streamingId, sessionId, workingDirectory: cwd, permissionMode } = run;
      bus.publish('run.started', { streamingId, sessionId, cwd, permissionMode, routed: options.routed === true });
    },
    end: (sessionId) => {
      const run = runs.get(sessionId);
      runs.delete(sessionId);
      if (run) bus.publish('run.ended', { streamingId: run.streamingId, sessionId, reason: 'completed', isError: false, durationMs: 0, summary: '' });
    },
  };
}

/** Just the sessions feature on Fastify (inject, no listen), with the LiveRuns given. */
export async function startSessionsApp(dirs: TestDirs, runs: FakeRuns, options: { logger?: Logger; watch?: SessionIndexDeps['watch'] } = {}): Promise<FastifyInstance> {
  const paths = resolvePaths({ cuiHome: dirs.cuiHome, claudeConfigDir: dirs.claudeConfigDir });
  const logger = options.logger ?? pino({ level: 'silent' });
  const db = openDatabase(paths.dbPath, logger);
  const bus = runs.bus;
  const platform: PlatformDeps = {
    paths, logger, db, bus, config: createConfigStore({ path: paths.configPath, bus }), logBuffer: createLogBuffer(),
    claude: { executablePath: '', version: async () => 'test', sdkQuery: createSdkLoader() }, demoMode: false,
  };
  const sessionInfo = createSessionInfoStore(platform);
  const sessions = createSessionIndex({ ...platform, sessionInfo, runs, ...(options.watch ? { watch: options.watch } : {}) });
  const app = Fastify();
  installErrorHandler(app, logger);
  registerSessionRoutes(app, { ...platform, sessions, sessionInfo, runs });
  registerSearchRoutes(app, { sessions });
  app.addHook('onClose', async () => {
    await sessions.close();
    db.close();
  });
  await app.ready();
  return app;
}
