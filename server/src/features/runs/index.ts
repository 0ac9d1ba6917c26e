import type { FastifyInstance } from 'fastify';
import type { LiveRuns, PlatformDeps } from '../../context';
import type { SessionInfoStore } from '../sessions/index';

/** Owns every live CLI process. Placeholder until issue 3 lands: no runs. */
export interface RunManager extends LiveRuns {
  /** Stops every run (SIGTERM, then SIGKILL) and waits for the processes to be gone. */
  close(): Promise<void>;
}

export function createRunManager(_deps: PlatformDeps & { sessionInfo: SessionInfoStore }): RunManager {
  return { list: () => [], bySession: () => undefined, onChange: () => () => undefined, close: async () => undefined };
}

export function registerRunRoutes(_app: FastifyInstance, _deps: PlatformDeps & { runs: RunManager }): void {}
