import { isUtf8 } from 'node:buffer';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FileEntry, ListDirectoryResponse, ReadFileResponse, SearchFilesResponse } from '@cui/contract';
import { AppError } from '../../platform/app-error';
import { listRecursive, loadGitignore, type ListLimits } from './list-recursive';
import { readRegularFile } from './safe-read';

/** Largest file GET /api/filesystem/read returns (413 beyond). */
export const READ_LIMIT_BYTES = 1024 * 1024;

export const DEFAULT_LIST_LIMITS: ListLimits = { maxEntries: 5000, maxMs: 2000 };

/** Only absolute paths are accepted; the result is normalised (no `..` left). */
export function absolutePath(input: string): string {
  if (input.includes('\0')) throw new AppError('fs.invalid_path', 'Path contains a null byte');
  if (!path.isAbsolute(input)) throw new AppError('fs.invalid_path', `Path must be absolute: ${input}`);
  return path.resolve(input);
}

/** Maps a filesystem error to the API's codes: not found 404, no access 403, wrong kind 400. */
export function fsError(error: unknown, target: string): AppError {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return new AppError('fs.not_found', `Path not found: ${target}`, { cause: error });
  if (code === 'EACCES' || code === 'EPERM') return new AppError('fs.forbidden', `Access denied: ${target}`, { cause: error });
  if (code === 'ENOTDIR') return new AppError('fs.not_a_directory', `Not a directory: ${target}`, { cause: error });
  if (code === 'EISDIR') return new AppError('fs.not_a_file', `Not a file: ${target}`, { cause: error });
  if (code === 'ELOOP') return new AppError('fs.invalid_path', `Too many levels of symbolic links: ${target}`, { cause: error });
  if (code === 'ENAMETOOLONG') return new AppError('fs.invalid_path', `Path or name too long: ${target}`, { cause: error });
  return new AppError('internal', `Cannot access ${target}`, { cause: error });
}

function byTypeThenName(a: FileEntry, b: FileEntry): number {
  if (a.type !== b.type) return a.type === 'directory' ? -1 : 1;
  return a.name.localeCompare(b.name);
}

async function statEntry(dir: string, name: string): Promise<FileEntry> {
  try {
    const stat = await fs.stat(path.join(dir, name));
    return stat.isDirectory()
      ? { name, type: 'directory', lastModified: stat.mtime.toISOString() }
      : { name, type: 'file', size: stat.size, lastModified: stat.mtime.toISOString() };
  } catch {
    // A broken symlink or an entry that vanished: listed by name, without details.
    return { name, type: 'file' };
  }
}

export async function listDirectory(input: string, options: { recursive: boolean; respectGitignore: boolean; limits?: ListLimits }): Promise<ListDirectoryResponse> {
  const dir = absolutePath(input);
  const stat = await fs.stat(dir).catch((error: unknown) => {
    throw fsError(error, dir);
  });
  if (!stat.isDirectory()) throw new AppError('fs.not_a_directory', `Not a directory: ${dir}`);
  const limits = options.limits ?? DEFAULT_LIST_LIMITS;
  if (options.recursive) {
    const { entries, truncated } = await listRecursive(dir, { respectGitignore: options.respectGitignore, limits });
    return { path: dir, entries: entries.sort(byTypeThenName), total: entries.length, truncated };
  }
  const dirents = await fs.readdir(dir, { withFileTypes: true }).catch((error: unknown) => {
    throw fsError(error, dir);
  });
  const ignored = options.respectGitignore ? await rootIgnore(dir) : undefined;
  const names = dirents
    .filter((d) => !options.respectGitignore || (d.name !== '.git' && !ignored?.(d.name, d.isDirectory())))
    .map((d) => d.name);
  const truncated = names.length > limits.maxEntries;
  const entries = await Promise.all(names.slice(0, limits.maxEntries).map((name) => statEntry(dir, name)));
  return { path: dir, entries: entries.sort(byTypeThenName), total: entries.length, truncated };
}

/** Default number of matches of a file search: what the composer shows. */
export const DEFAULT_SEARCH_LIMIT = 50;

/** GET /api/filesystem/search: the repository's files and directories whose relative path contains `query`. */
export async function searchFiles(input: string, query: string, options: { limit?: number; maxMs?: number } = {}): Promise<SearchFilesResponse> {
  const dir = absolutePath(input);
  const stat = await fs.stat(dir).catch((error: unknown) => {
    throw fsError(error, dir);
  });
  if (!stat.isDirectory()) throw new AppError('fs.not_a_directory', `Not a directory: ${dir}`);
  const needle = query.toLowerCase();
  const limits = { maxEntries: options.limit ?? DEFAULT_SEARCH_LIMIT, maxMs: options.maxMs ?? DEFAULT_LIST_LIMITS.maxMs };
  const match = (entry: FileEntry): boolean => (entry.type === 'directory' ? `${entry.name}/` : entry.name).toLowerCase().includes(needle);
  // Shallowest first (the walk is breadth-first): a short path is the likelier pick.
  const { entries, truncated } = await listRecursive(dir, { respectGitignore: true, limits, match });
  return { path: dir, entries, truncated };
}

async function rootIgnore(dir: string): Promise<((name: string, isDir: boolean) => boolean) | undefined> {
  const ig = await loadGitignore(dir);
  return ig ? (name, isDir) => ig.ignores(isDir ? `${name}/` : name) : undefined;
}

export async function readTextFile(input: string, limitBytes = READ_LIMIT_BYTES): Promise<ReadFileResponse> {
  const file = absolutePath(input);
  const result = await readRegularFile(file, limitBytes).catch((error: unknown) => {
    throw fsError(error, file);
  });
  if (!result.ok && result.reason === 'not_a_file') throw new AppError('fs.not_a_file', `Not a file: ${file}`);
  if (!result.ok) {
    const size = result.stat.size > limitBytes ? `${formatBytes(result.stat.size)}; ` : '';
    throw new AppError('fs.too_large', `File is too large to display (${size}the limit is ${formatBytes(limitBytes)})`);
  }
  const { content, stat } = result;
  if (content.includes(0) || !isUtf8(content)) throw new AppError('fs.binary', `Binary file cannot be displayed: ${file}`);
  return { path: file, content: content.toString('utf8'), size: content.length, lastModified: stat.mtime.toISOString(), encoding: 'utf-8' };
}

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1).replace(/\.0$/, '')} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1).replace(/\.0$/, '')} MB`;
}
