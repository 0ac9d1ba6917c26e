import type { FastifyInstance } from 'fastify';
import { routes, type PermissionDecider, type PermissionDecisionRequest, type PermissionRequest } from '@cui/contract';
import type { PlatformDeps } from '../../context';
import { AppError } from '../../platform/app-error';
import { registerRoute } from '../../platform/http';
import { capabilityGuessRefusal } from '../../platform/security-hooks';
import type { ActionTokenStore } from './action-tokens';

export interface NotifyActionRouteDeps extends Pick<PlatformDeps, 'logger'> {
  actionTokens: ActionTokenStore;
  /** The permission registry's decision (404 unknown, 409 already decided). */
  decide(id: string, decision: PermissionDecisionRequest, via: PermissionDecider): PermissionRequest;
}

/**
 * `POST /api/notify-actions/:token`, the one route without the bearer token (security-hooks.ts exempts it by its
 * contract entry): a notification's Approve or Deny decides its one request and kills both of its links. It answers
 * the new status only, since any origin may read the answer. The token is never logged (the request log redacts it too).
 */
export function registerNotifyActionRoute(app: FastifyInstance, deps: NotifyActionRouteDeps): void {
  const log = deps.logger.child({ component: 'notifications' });
  registerRoute(app, routes.notifications.decideFromNotification, ({ params, request, reply }) => {
    const found = deps.actionTokens.lookup(params.token);
    // A client that has guessed too often gets 429 for unknown tokens only: a live link always works.
    if (found.state === 'unknown') throw capabilityGuessRefusal(request, reply) ?? new AppError('permission.not_found', 'This action link is unknown, was used already or has expired');
    if (found.state === 'decided') throw new AppError('permission.already_decided', 'This permission request was already decided');
    // Dead before deciding: whatever the registry answers, this link is never good for a second try.
    deps.actionTokens.use(params.token);
    const permission = deps.decide(found.permissionId, { action: found.decision }, 'notification');
    log.info(
      { permissionId: permission.id, sessionId: permission.sessionId, streamingId: permission.streamingId, toolName: permission.toolName, status: permission.status, source: 'notification' },
      'permission decided from a notification',
    );
    return { success: true, status: permission.status };
  });
}
