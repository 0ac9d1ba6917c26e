import fs from 'node:fs/promises';
import path from 'node:path';
import type { GitDiff } from '@cui/contract';
import type { GitRunner } from './git-runner';

/** Beyond this a side is shown as binary (the viewer would not cope anyway). */
const TEXT_LIMIT = 2 * 1024 * 1024;

/**
 * The two sides of one file for the diff viewer. `from`: a commit (`HEAD`, the initial commit) or '' for the index;
 * `to`: the index or the working tree. A side where the file is absent is ''.
 */
export async function readDiff(git: GitRunner, root: string, file: string, sides: { from: string; to: 'index' | 'worktree' }): Promise<GitDiff> {
  const [before, after] = await Promise.all([
    blob(git, root, `${sides.from}:${file}`),
    sides.to === 'index' ? blob(git, root, `:${file}`) : workingFile(root, file),
  ]);
  const binary = isBinary(before) || isBinary(after);
  return { path: file, oldText: binary ? '' : before.toString('utf8'), newText: binary ? '' : after.toString('utf8'), binary };
}

async function blob(git: GitRunner, root: string, spec: string): Promise<Buffer> {
  // `cat-file blob` prints the stored bytes: no textconv, no filters; a path absent on that side is ''.
  const result = await git.run({ cwd: root, args: ['cat-file', 'blob', spec] }).catch(() => undefined);
  return Buffer.from(result?.stdout ?? '', 'utf8');
}

async function workingFile(root: string, file: string): Promise<Buffer> {
  const absolute = path.join(root, file);
  // A symlink is shown as its target's path, as git stores it, never followed out of the repository.
  const stat = await fs.lstat(absolute).catch(() => undefined);
  if (!stat) return Buffer.alloc(0);
  if (stat.isSymbolicLink()) return Buffer.from(await fs.readlink(absolute), 'utf8');
  if (!stat.isFile()) return Buffer.alloc(0);
  return fs.readFile(absolute);
}

function isBinary(data: Buffer): boolean {
  return data.length > TEXT_LIMIT || data.subarray(0, 8000).includes(0);
}
