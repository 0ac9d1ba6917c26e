import { routes } from '@/app/routes';
import { useCallback, useState } from 'react';
import { useApiQuery } from '@/app/use-api-query';
import type { ComposerSubmitHandler } from './use-composer';

/**
 * The home composer's 'Worktree' option (issue 18): offered when the selected folder is a git repository with a
 * commit; when on, the submission asks for a run in a new git worktree of it.
 */
export function useWorktreeOption(enabled: boolean, directory: string | undefined, onSubmit: ComposerSubmitHandler) {
  const check = useApiQuery(routes.worktrees.repository, { query: { path: directory ?? '' } }, { enabled: enabled && Boolean(directory) });
  const [on, setOn] = useState(false);
  const available = enabled && check.data?.repository === true;
  const submit = useCallback<ComposerSubmitHandler>((submission) => onSubmit(available && on ? { ...submission, worktree: true } : submission), [available, on, onSubmit]);
  return { available, on, setOn, submit };
}
