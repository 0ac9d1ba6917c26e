import { routes } from '@cui/contract';
import type { Feature } from '../../platform/feature';
import type { ProcessOwner } from '../../platform/reaper';
import { registerRoute } from '../../platform/http';
import type { Workspace } from '../workspace/index';
import { createGitRunner } from './git-runner';
import { createGitService } from './git-service';

/** Git review and commit of a conversation's folder or worktree (issue 24): status, diffs, stage, commit, branches, remotes. */
export function gitFeature({ workspace, reaper }: { workspace: Workspace; reaper: ProcessOwner }): Feature {
  const git = createGitRunner(reaper);
  const service = createGitService({ workspace, git });
  const r = routes.git;
  return {
    name: 'git',
    register(app) {
      registerRoute(app, r.status, ({ params, query }) => service.status(params.sessionId, query.base));
      registerRoute(app, r.diff, ({ params, query }) => service.diff(params.sessionId, query));
      registerRoute(app, r.stage, ({ params, body }) => service.stage(params.sessionId, body));
      registerRoute(app, r.unstage, ({ params, body }) => service.unstage(params.sessionId, body));
      registerRoute(app, r.commit, ({ params, body }) => service.commit(params.sessionId, body.message));
      registerRoute(app, r.discard, ({ params, body }) => service.discard(params.sessionId, body));
      registerRoute(app, r.branches, ({ params }) => service.branches(params.sessionId));
      registerRoute(app, r.branch, ({ params, body }) => service.branch(params.sessionId, body));
      registerRoute(app, r.remote, ({ params, body }) => service.remote(params.sessionId, body));
    },
    close: () => git.close(),
  };
}
