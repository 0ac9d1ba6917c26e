import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { worktreeOf, type DiscardWorktreeResponse, type RepositoryResponse } from '@cui/contract';
import type { Logger } from 'pino';
import type { LiveRuns } from '../../context';
import { AppError } from '../../platform/app-error';

const run = promisify(execFile);

/** The worktrees runs made (a start with `worktree: true`): discarding one with its branch. */
export interface WorktreeService {
  /** Removes the worktree at `folder` and deletes its branch; 404 for any other folder, 409 while a run works in it. */
  discard(folder: string): Promise<DiscardWorktreeResponse>;
  /** Whether a worktree can be made of this folder (a git repository with a commit). */
  repository(folder: string): Promise<RepositoryResponse>;
}

const git = (repo: string, args: string[]): Promise<{ stdout: string }> => run('git', ['-C', repo, ...args], { timeout: 30_000, windowsHide: true });

/** The folders of the repository's worktrees, from `git worktree list --porcelain`. */
async function worktreeFolders(repo: string): Promise<string[]> {
  const { stdout } = await git(repo, ['worktree', 'list', '--porcelain']).catch(() => ({ stdout: '' }));
  return stdout.split('\n').flatMap((line) => (line.startsWith('worktree ') ? [line.slice('worktree '.length)] : []));
}

/** `git rev-parse HEAD` succeeds: a work tree with a commit to branch from. */
async function hasCommit(folder: string): Promise<boolean> {
  return git(folder, ['rev-parse', '--verify', '--quiet', 'HEAD']).then(() => true, () => false);
}

export interface WorktreeServiceDeps {
  runs: LiveRuns & { endStandbysIn(folder: string): Promise<void> };
  logger: Logger;
}

export function createWorktreeService(deps: WorktreeServiceDeps): WorktreeService {
  const logger = deps.logger.child({ component: 'worktrees' });
  return {
    async discard(folder) {
      const parsed = worktreeOf(folder);
      const notFound = new AppError('worktree.not_found', `No worktree of the console at ${folder}`);
      if (!parsed) throw notFound;
      const real = await fs.realpath(path.resolve(folder)).catch(() => undefined);
      if (!real || !(await worktreeFolders(parsed.repo)).includes(real)) throw notFound;
      const busy = deps.runs.list().find((live) => live.workingDirectory === real || live.workingDirectory.startsWith(real + path.sep));
      if (busy) throw new AppError('worktree.busy', 'A conversation is running in this worktree: stop it first');
      await deps.runs.endStandbysIn(real);
      const { branch } = parsed;
      // The CLI locks its worktrees: a locked one needs --force twice.
      await git(parsed.repo, ['worktree', 'remove', '--force', '--force', real]);
      await git(parsed.repo, ['branch', '-D', branch]).catch((error: unknown) => logger.warn({ err: error, branch }, 'could not delete the worktree branch'));
      logger.info({ path: real, branch }, 'worktree discarded');
      return { success: true, path: real, branch };
    },
    async repository(folder) {
      if (!path.isAbsolute(folder)) return { repository: false };
      return { repository: await hasCommit(folder) };
    },
  };
}
