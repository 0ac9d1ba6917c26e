import type { LiveRuns, PlatformDeps } from '../../context';
import type { CliLaunch } from './cli-launch';
import { createPermissionRegistry, type PermissionRegistry } from './permissions';
import type { RunManagerOptions } from './run-manager';
import { FINISHED_RUN_RETENTION_MS, RunRegistry } from './run-registry';
import { createStandbyPool, type StandbyPool } from './standby-pool';

/**
 * The runs this server holds (live and recently finished), their standby CLIs and permission requests: the read side
 * other features get as `LiveRuns` before the manager exists (the session list is built on it, and the manager on the list).
 */
export interface RunState extends Required<LiveRuns> {
  readonly permissions: PermissionRegistry;
  readonly registry: RunRegistry;
  readonly standbys: StandbyPool<CliLaunch>;
}

export function createRunState(deps: Pick<PlatformDeps, 'logger' | 'bus'> & { runOptions?: RunManagerOptions }): RunState {
  const logger = deps.logger.child({ component: 'runs' });
  const permissions = createPermissionRegistry({ bus: deps.bus });
  const registry = new RunRegistry(deps.runOptions?.retentionMs ?? FINISHED_RUN_RETENTION_MS, (streamingId) => permissions.forgetRun(streamingId));
  const { enabled: _enabled, ...standbyOptions } = deps.runOptions?.standby ?? {};
  const standbys = createStandbyPool<CliLaunch>({ logger, ...standbyOptions });
  return {
    permissions,
    registry,
    standbys,
    list: () => registry.list(),
    bySession: (sessionId) => {
      const run = registry.liveOfSession(sessionId);
      return run ? { ...run.info } : undefined;
    },
    ownsProcess: (pid) => [...registry.all()].some((run) => run.pid() === pid) || standbys.pids().includes(pid),
  };
}

