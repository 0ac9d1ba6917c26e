import type { BranchLink } from '@cui/contract';
import { routes } from '@cui/contract';
import type { PlatformDeps } from '../../context';
import type { Feature } from '../../platform/feature';
import { registerRoute } from '../../platform/http';
import type { RunManager } from '../runs/index';
import type { SessionIndex } from '../sessions/index';
import type { Workspace } from '../workspace/index';
import { createBranchStore } from './branch-store';
import { forkSessionInWorker } from './fork-session';
import { createRewindService } from './rewind-service';

/** The feature's face to others: where a branch came from (its list row says so). */
export interface Rewind extends Feature {
  branchOf(sessionId: string): BranchLink | undefined;
}

/** Restoring a conversation's files to a user message and branching from a message (issue 24.3, 24.4). */
export function rewindFeature({ platform, runs, workspace, sessions }: { platform: PlatformDeps; runs: RunManager; workspace: Workspace; sessions: Pick<SessionIndex, 'refresh'> }): Rewind {
  const branches = createBranchStore(platform.db);
  const service = createRewindService({
    logger: platform.logger,
    workspace,
    runs,
    indexed: () => sessions.refresh(),
    branches,
    fork: forkSessionInWorker,
    claudeConfigDir: platform.paths.claudeConfigDir,
    executablePath: platform.claude.executablePath,
  });
  const id = (params: { sessionId: string }) => params.sessionId.toLowerCase();
  let unsubscribe: (() => void) | undefined;
  return {
    name: 'rewind',
    branchOf: (sessionId) => branches.linkOf(sessionId),
    register(app) {
      // A branch continued (a follow-up forks it into a new session, which the list shows instead) stays a branch.
      unsubscribe = platform.bus.subscribe('run.started', ({ sessionId }) => {
        const from = runs.bySession(sessionId)?.resumedFrom;
        const link = from ? branches.linkOf(from) : undefined;
        if (link) branches.record(sessionId, link);
      });
      registerRoute(app, routes.rewind.preview, ({ params, body }) => service.preview(id(params), body));
      registerRoute(app, routes.rewind.restore, ({ params, body }) => service.restore(id(params), body));
      registerRoute(app, routes.rewind.branch, ({ params, body }) => service.branch(id(params), body));
    },
    close: () => unsubscribe?.(),
  };
}
