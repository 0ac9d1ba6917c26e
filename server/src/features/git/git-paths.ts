import path from 'node:path';
import { AppError } from '../../platform/app-error';

/**
 * A path the client names, checked to stay inside the repository: relative, `/`-separated, no `..` segment, no NUL.
 * Returns it normalised (no `./`, no trailing `/`); `git.invalid_path` otherwise.
 */
export function repoPath(root: string, given: string): string {
  const invalid = () => new AppError('git.invalid_path', `Not a path inside the repository: ${given}`);
  if (given.includes('\0') || path.isAbsolute(given) || given.includes('\\')) throw invalid();
  const segments = given.split('/').filter((segment) => segment !== '' && segment !== '.');
  if (segments.length === 0 || segments.includes('..')) throw invalid();
  const relative = segments.join('/');
  const absolute = path.resolve(root, relative);
  if (!absolute.startsWith(root + path.sep)) throw invalid();
  return relative;
}

/** A branch name git would accept for `switch -c`, never an option (`git check-ref-format --branch` checks the rest). */
export function branchName(given: string): string {
  if (given.startsWith('-') || /[\s\0]/.test(given)) throw new AppError('git.invalid_branch', `Not a valid branch name: ${given}`);
  return given;
}
