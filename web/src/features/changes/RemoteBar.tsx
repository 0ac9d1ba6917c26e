import type { GitStatus } from '@cui/contract';
import { Button } from '@/ui';
import type { GitActions } from './use-git-actions';

/** The branch with its ahead/behind, and fetch, pull and push with the user's own git credentials. */
export function RemoteBar({ status, actions }: { status: GitStatus; actions: GitActions }) {
  const tracking = status.upstream ? ` · ${status.upstream} ↑${status.ahead ?? 0} ↓${status.behind ?? 0}` : ' · no upstream';
  return (
    <div className="flex flex-wrap items-center gap-2 text-xs">
      <span className="min-w-0 flex-1 truncate font-mono" data-testid="git-branch">
        {status.branch ?? `detached ${status.head?.slice(0, 8) ?? ''}`}
        {tracking}
      </span>
      {(['fetch', 'pull', 'push'] as const).map((operation) => (
        <Button key={operation} size="sm" variant="secondary" disabled={!!actions.pending} onClick={() => void actions.remote(operation)}>
          {actions.pending === operation ? `${operation[0]?.toUpperCase()}${operation.slice(1)}ing...` : `${operation[0]?.toUpperCase()}${operation.slice(1)}`}
        </Button>
      ))}
    </div>
  );
}
