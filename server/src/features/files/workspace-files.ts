import { spawn } from 'node:child_process';
import { isUtf8 } from 'node:buffer';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { WorkspaceEntry, WorkspaceFileResponse, WorkspaceListResponse } from '@cui/contract';
import { AppError } from '../../platform/app-error';
import { fsError } from './filesystem';
import { readVersioned } from './save-file';
import { readablePath, writablePath, type WorkspaceRoots } from './workspace-paths';

/** Most entries one folder listing returns. */
const MAX_ENTRIES = 5000;
const GIT_TIMEOUT_MS = 5000;

/** Which of `names` (in `dir`) git ignores: `git check-ignore --stdin -z`, none outside git or when git fails. */
function gitIgnored(dir: string, names: string[]): Promise<Set<string>> {
  return new Promise((resolve) => {
    if (names.length === 0) return resolve(new Set());
    const child = spawn('git', ['-C', dir, 'check-ignore', '--stdin', '-z'], { stdio: ['pipe', 'pipe', 'ignore'], timeout: GIT_TIMEOUT_MS });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    child.on('error', () => resolve(new Set()));
    child.on('close', () => resolve(new Set(out.split('\0').filter(Boolean))));
    child.stdin.on('error', () => undefined);
    child.stdin.end(names.join('\0') + '\0');
  });
}

async function entryOf(dir: string, dirent: { name: string; isDirectory(): boolean; isFile(): boolean; isSymbolicLink(): boolean }): Promise<WorkspaceEntry> {
  const stat = dirent.isSymbolicLink() ? await fs.stat(path.join(dir, dirent.name)).catch(() => undefined) : undefined;
  const isDir = stat ? stat.isDirectory() : dirent.isDirectory();
  const isFile = stat ? stat.isFile() : dirent.isFile();
  const type = isDir ? 'directory' : isFile ? 'file' : 'other';
  const size = type === 'file' ? (stat ?? (await fs.stat(path.join(dir, dirent.name)).catch(() => undefined)))?.size : undefined;
  return { name: dirent.name, type, ...(size !== undefined ? { size } : {}) };
}

/** One folder of the workspace, folders first; hidden (dot) and git-ignored entries only when asked. */
export async function listWorkspaceFolder(roots: WorkspaceRoots, input: string | undefined, showHidden: boolean): Promise<WorkspaceListResponse> {
  const dir = await readablePath(roots, input ?? roots.folder);
  const dirents = await fs.readdir(dir, { withFileTypes: true }).catch((error: unknown) => {
    throw fsError(error, dir);
  });
  const kept = dirents.filter((d) => d.name !== '.git').slice(0, MAX_ENTRIES);
  const ignored = await gitIgnored(dir, kept.map((d) => d.name));
  const entries = await Promise.all(kept.map(async (d) => ({
    ...(await entryOf(dir, d)),
    ...(d.name.startsWith('.') ? { hidden: true } : {}),
    ...(ignored.has(d.name) ? { ignored: true } : {}),
  })));
  const shown = showHidden ? entries : entries.filter((e) => !e.hidden && !e.ignored);
  shown.sort((a, b) => (a.type === 'directory') !== (b.type === 'directory') ? (a.type === 'directory' ? -1 : 1) : a.name.localeCompare(b.name));
  return { folder: roots.folder, path: dir, entries: shown, hiddenCount: entries.length - shown.length };
}

/** A text file of the workspace with its version, for the viewer and a later save. */
export async function readWorkspaceFile(roots: WorkspaceRoots, input: string): Promise<WorkspaceFileResponse> {
  const file = await readablePath(roots, input);
  const read = await readVersioned(file);
  if (!read) throw new AppError('fs.not_found', `Path not found: ${file}`);
  if (read.content.includes(0) || !isUtf8(read.content)) throw new AppError('fs.binary', `Binary file cannot be displayed: ${file}`);
  return { path: file, content: read.content.toString('utf8'), size: read.content.length, ...read.version };
}

/** Renames a regular file inside the workspace; 409 when the new name is taken. */
export async function renameWorkspaceFile(roots: WorkspaceRoots, from: string, to: string): Promise<{ path: string }> {
  const source = await writablePath(roots, from);
  if (!source.exists) throw new AppError('fs.not_found', `Path not found: ${source.file}`);
  const target = await writablePath(roots, to);
  if (target.exists) throw new AppError('fs.conflict', `A file of that name exists: ${target.file}`);
  await fs.rename(source.file, target.file).catch((error: unknown) => {
    throw fsError(error, source.file);
  });
  return { path: target.file };
}

/** Deletes a regular file of the workspace (the page asked the user first). */
export async function deleteWorkspaceFile(roots: WorkspaceRoots, input: string): Promise<{ success: true; path: string }> {
  const { file, exists } = await writablePath(roots, input);
  if (!exists) throw new AppError('fs.not_found', `Path not found: ${file}`);
  await fs.unlink(file).catch((error: unknown) => {
    throw fsError(error, file);
  });
  return { success: true, path: file };
}
