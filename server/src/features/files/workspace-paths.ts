import fs from 'node:fs/promises';
import path from 'node:path';
import type { Workspace } from '../workspace/index';
import type { TrustService } from '../trust/index';
import { AppError } from '../../platform/app-error';
import { fsError } from './filesystem';

/** Where a conversation's file routes may act: its folder and the trusted folders, each as a real path. */
export interface WorkspaceRoots {
  /** The conversation's folder (real path): relative paths start here. */
  folder: string;
  roots: string[];
}

export interface WorkspacePathDeps {
  workspace: Pick<Workspace, 'of'>;
  trust: Pick<TrustService, 'list'>;
}

const realOrUndefined = (p: string): Promise<string | undefined> => fs.realpath(p).catch(() => undefined);

export async function workspaceRoots(deps: WorkspacePathDeps, sessionId: string): Promise<WorkspaceRoots> {
  const { folder } = await deps.workspace.of(sessionId);
  const realFolder = await realOrUndefined(folder);
  if (!realFolder) throw new AppError('fs.not_found', `The conversation's folder is gone: ${folder}`);
  const trusted = await Promise.all(deps.trust.list().map((entry) => realOrUndefined(entry.path)));
  return { folder: realFolder, roots: [realFolder, ...trusted.filter((p): p is string => p !== undefined)] };
}

export function isInside(roots: readonly string[], target: string): boolean {
  return roots.some((root) => target === root || target.startsWith(root.endsWith(path.sep) ? root : root + path.sep));
}

function requested(roots: WorkspaceRoots, input: string): string {
  if (input.includes('\0')) throw new AppError('fs.invalid_path', 'Path contains a null byte');
  return path.resolve(roots.folder, input);
}

function outside(target: string): AppError {
  return new AppError('fs.forbidden', `Outside the conversation's folder and the trusted folders: ${target}`);
}

/** A folder or file to read: its real path (symlinks followed), which must stay inside the roots. */
export async function readablePath(roots: WorkspaceRoots, input: string): Promise<string> {
  const target = requested(roots, input);
  const real = await fs.realpath(target).catch((error: unknown) => {
    throw fsError(error, target);
  });
  if (!isInside(roots.roots, real)) throw outside(target);
  return real;
}

/**
 * A file to write, create, rename or delete: its folder's real path must be inside the roots, the file itself is
 * never a symlink (a save would replace the link) nor anything but a regular file, and git's own files are off limits.
 * Answers the real path and whether the file exists.
 */
export async function writablePath(roots: WorkspaceRoots, input: string): Promise<{ file: string; exists: boolean }> {
  const target = requested(roots, input);
  if (target.split(path.sep).includes('.git')) throw new AppError('fs.forbidden', `Git's own files are not edited here: ${target}`);
  const parent = await fs.realpath(path.dirname(target)).catch((error: unknown) => {
    throw fsError(error, path.dirname(target));
  });
  if (!isInside(roots.roots, parent)) throw outside(target);
  const file = path.join(parent, path.basename(target));
  if (file === parent) throw new AppError('fs.not_a_file', `Not a file: ${target}`);
  const stat = await fs.lstat(file).catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw fsError(error, file);
  });
  if (stat?.isSymbolicLink()) throw new AppError('fs.not_a_file', `A symbolic link is not edited here: ${target}`);
  if (stat && !stat.isFile()) throw new AppError('fs.not_a_file', `Not a regular file: ${target}`);
  return { file, exists: stat !== undefined };
}
