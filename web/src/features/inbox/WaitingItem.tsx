import type { WaitingPermission } from '@cui/contract';
import { routes } from '@/app/routes';
import { Link } from 'react-router';
import { useApiMutation } from '@/app/use-api-mutation';
import { formatRelativeTime } from '@/lib/relative-time';
import { Button, buttonClasses, PopoverClose } from '@/ui';

const TOUCH = 'max-sm:h-10 max-sm:px-3';

export interface WaitingItemProps {
  permission: WaitingPermission;
  /** The time ages are counted from. */
  now: number;
}

/** One waiting request: its session, tool and summary, its age, and Approve / Deny / Open. */
export function WaitingItem({ permission, now }: WaitingItemProps) {
  const decide = useApiMutation(routes.permissions.decide);
  const title = permission.sessionTitle || 'Untitled session';
  const send = (action: 'approve' | 'deny', alwaysAllow?: true) => void decide.mutate({ params: { id: permission.id }, body: { action, via: 'inbox', ...(alwaysAllow ? { alwaysAllow } : {}) } });
  // A question needs its answers chosen; approving it blind would answer nothing. It is answered in its conversation.
  const canApprove = permission.toolName !== 'AskUserQuestion';
  return (
    <li className="flex flex-col gap-1.5 rounded-md border border-neutral-200 p-2 dark:border-neutral-800">
      <div className="flex items-baseline gap-2">
        <span className="min-w-0 flex-1 truncate font-medium" title={title}>
          {title}
        </span>
        <time className="shrink-0 text-xs text-neutral-500" dateTime={permission.timestamp}>
          {formatRelativeTime(permission.timestamp, now)}
        </time>
      </div>
      <p className="truncate text-xs text-neutral-600 dark:text-neutral-400">
        <span className="font-mono font-medium">{permission.toolName}</span>
        {permission.summary && <span>: {permission.summary}</span>}
      </p>
      {decide.error && (
        <p role="alert" className="text-xs text-red-600 dark:text-red-400">
          Failed to send permission decision
        </p>
      )}
      {/* On a phone the decisions are 40 px touch targets (28 px at desktop size). */}
      <div className="flex gap-1.5">
        {canApprove && (
          <Button size="sm" variant="primary" className={TOUCH} disabled={decide.pending} onClick={() => send('approve')}>
            Approve
          </Button>
        )}
        <Button size="sm" className={TOUCH} disabled={decide.pending} onClick={() => send('deny')}>
          Deny
        </Button>
        {permission.sessionId && (
          <PopoverClose asChild>
            <Link to={`/c/${permission.sessionId}`} className={buttonClasses('ghost', 'sm', `ml-auto ${TOUCH}`)}>
              Open
            </Link>
          </PopoverClose>
        )}
        {permission.sessionId && (
          <PopoverClose asChild>
            <Link to={`/c/${permission.sessionId}?panel=changes`} className={buttonClasses('ghost', 'sm', TOUCH)}>
              Changes
            </Link>
          </PopoverClose>
        )}
      </div>
      {/* After Approve and Deny: opening the list focuses Approve, so Enter allows this one call, never a rule. */}
      {canApprove && permission.alwaysAllowLabel && (
        <Button size="sm" className={`h-auto min-h-7 whitespace-normal py-1 text-left ${TOUCH} max-sm:h-auto max-sm:min-h-10`} disabled={decide.pending} onClick={() => send('approve', true)}>
          {permission.alwaysAllowLabel}
        </Button>
      )}
    </li>
  );
}
