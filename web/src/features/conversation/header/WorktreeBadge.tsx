import { worktreeOf } from '@cui/contract/worktree-paths';
import { routes } from '@/app/routes';
import { GitBranch, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useApiMutation } from '@/app/use-api-mutation';
import { IconButton } from '@/ui';

/**
 * A conversation working in a git worktree of its repository (issue 18): its branch, and 'Discard worktree', which
 * removes the worktree and deletes the branch after a confirmation. Nothing for a conversation in a plain folder.
 */
export function WorktreeBadge({ projectPath }: { projectPath: string | null }) {
  const worktree = projectPath ? worktreeOf(projectPath) : undefined;
  const discard = useApiMutation(routes.worktrees.discard);
  const [discarded, setDiscarded] = useState(false);
  if (!worktree || !projectPath) return null;
  const onDiscard = async (): Promise<void> => {
    if (!window.confirm(`Discard this worktree? Its folder and the branch ${worktree.branch}, with every change in them, are deleted.`)) return;
    if (await discard.mutate({ body: { path: projectPath } })) setDiscarded(true);
  };
  return (
    <div className="flex min-w-0 items-center gap-1 text-xs text-neutral-500 dark:text-neutral-400" data-testid="worktree-badge">
      <GitBranch size={14} aria-hidden className="shrink-0" />
      <span className={discarded ? 'truncate font-mono line-through' : 'truncate font-mono'} title={`${worktree.branch}: a worktree of ${worktree.repo}`}>
        {worktree.branch}
      </span>
      {discarded && <span className="shrink-0">Worktree discarded</span>}
      {discard.error && (
        <span role="alert" className="text-red-600 dark:text-red-400">
          {discard.error.message || 'Failed to discard the worktree'}
        </span>
      )}
      {!discarded && <IconButton label="Discard worktree" icon={<Trash2 size={14} aria-hidden />} onClick={() => void onDiscard()} disabled={discard.pending} />}
    </div>
  );
}
