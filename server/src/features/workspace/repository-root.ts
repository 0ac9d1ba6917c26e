import { execFile } from 'node:child_process';

/** How long `git rev-parse` may take (a cold disk, a large repository) before the folder counts as outside git. */
const GIT_TIMEOUT_MS = 5000;

/**
 * The top folder of the git work tree holding `folder` (`git rev-parse --show-toplevel`: git run directly with an
 * argument list, no shell); undefined outside a repository, for a folder that is gone, or when git is missing.
 * In a linked worktree this is the worktree's own folder (its main repository is `worktreeOf(folder).repo`).
 */
export function repositoryRoot(folder: string): Promise<string | undefined> {
  return new Promise((resolve) => {
    execFile('git', ['-C', folder, 'rev-parse', '--show-toplevel'], { timeout: GIT_TIMEOUT_MS, windowsHide: true }, (error, stdout) => {
      const root = String(stdout).trim();
      resolve(!error && root.startsWith('/') ? root : undefined);
    });
  });
}
