import { AppError } from '../../platform/app-error';

/**
 * One changing operation at a time per repository, keyed by its common git directory so a repository's linked
 * worktrees share the key: a second one is refused with `git.busy` rather than queued behind a slow push.
 */
export function createRepoLocks() {
  const held = new Set<string>();
  return {
    async exclusive<T>(key: string, work: () => Promise<T>): Promise<T> {
      if (held.has(key)) throw new AppError('git.busy', 'Another git operation is running on this repository: try again when it ends');
      held.add(key);
      try {
        return await work();
      } finally {
        held.delete(key);
      }
    },
  };
}
