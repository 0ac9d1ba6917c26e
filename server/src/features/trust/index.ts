import type { FastifyInstance } from 'fastify';
import { routes } from '@cui/contract';
import type { Logger } from 'pino';
import type { RunSettings } from '../../cli/claude-query';
import type { CuiPaths } from '../../platform/paths';
import { registerRoute } from '../../platform/http';
import { listPermissionRules, removePermissionRule, settingsFileOf } from './permission-rules';
import { KEEP_TRANSCRIPTS_DAYS, readTranscriptRetention } from './retention';
import { existingDirectory, type TrustService } from './trust-service';
import type { PlatformDeps } from '../../context';
import type { Feature } from '../../platform/feature';

export { createTrustService, type TrustService } from './trust-service';

export interface TrustRouteDeps {
  trust: TrustService;
  paths: Pick<CuiPaths, 'claudeUserSettingsPath'>;
  logger: Logger;
}

/**
 * The settings one run loads: the folder's own only when it is trusted, and a retention that keeps
 * transcripts unless the user configured one in their Claude Code settings.
 */
export function createRunSettingsPolicy(deps: TrustRouteDeps): (workingDirectory: string) => RunSettings {
  const log = deps.logger.child({ component: 'trust' });
  return (workingDirectory) => {
    const loadProjectSettings = deps.trust.trustedBy(workingDirectory) !== null;
    if (!loadProjectSettings) log.info({ workingDirectory }, 'folder not trusted: the run starts without its own settings');
    const { configuredDays } = readTranscriptRetention(deps.paths.claudeUserSettingsPath);
    return { loadProjectSettings, ...(configuredDays === null ? { transcriptRetentionDays: KEEP_TRANSCRIPTS_DAYS } : {}) };
  };
}

/** Trusted folders (list, check, trust, revoke) and the transcript retention in force. */
export function registerTrustRoutes(app: FastifyInstance, deps: TrustRouteDeps): void {
  const log = deps.logger.child({ component: 'trust' });
  registerRoute(app, routes.trust.list, () => ({ folders: deps.trust.list() }));
  registerRoute(app, routes.trust.check, ({ query }) => deps.trust.check(query.path));
  registerRoute(app, routes.trust.trust, ({ body, request }) => {
    const entry = deps.trust.trust(body.path);
    log.info({ requestId: request.id, folder: entry.path }, 'folder trusted');
    return entry;
  });
  registerRoute(app, routes.trust.revoke, ({ query, request }) => {
    deps.trust.revoke(query.path);
    log.info({ requestId: request.id, folder: query.path }, 'folder trust revoked');
    return { success: true };
  });
  registerRoute(app, routes.retention.get, () => readTranscriptRetention(deps.paths.claudeUserSettingsPath));
  registerPermissionRuleRoutes(app, deps);
}

/** Settings › permission rules: list the user's and a project's, remove one (issue 26 point 1). */
function registerPermissionRuleRoutes(app: FastifyInstance, deps: TrustRouteDeps): void {
  const log = deps.logger.child({ component: 'trust' });
  registerRoute(app, routes.trust.rules, ({ query }) => listPermissionRules(deps.paths.claudeUserSettingsPath, query.path === undefined ? undefined : existingDirectory(query.path)));
  registerRoute(app, routes.trust.removeRule, ({ body, request }) => {
    const file = settingsFileOf(body.scope, deps.paths.claudeUserSettingsPath, body.path === undefined ? undefined : existingDirectory(body.path));
    removePermissionRule(file, body.behavior, body.rule);
    log.info({ requestId: request.id, file, behavior: body.behavior, scope: body.scope }, 'permission rule removed');
    return { success: true };
  });
}

/** Trusted folders and the transcript retention in force (the contract's `trust` and `retention` groups). */
export function trustFeature({ platform, trust }: { platform: PlatformDeps; trust: TrustService }): Feature {
  return { name: 'trust', register: (app) => registerTrustRoutes(app, { ...platform, trust }) };
}
