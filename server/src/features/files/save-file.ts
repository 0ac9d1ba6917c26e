import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { FileVersion } from '@cui/contract';
import { AppError } from '../../platform/app-error';
import { fsError, READ_LIMIT_BYTES } from './filesystem';
import { readRegularFile } from './safe-read';

/** The file operations a save uses (node's by default): a save is proven atomic against a failing one. */
export interface SaveIo {
  open: typeof fsp.open;
  rename: typeof fsp.rename;
  rm: typeof fsp.rm;
}

const NODE_IO: SaveIo = { open: fsp.open, rename: fsp.rename, rm: fsp.rm };

/** The file's content with its version, or undefined when it is gone. Special files and large ones are refused. */
export async function readVersioned(file: string): Promise<{ content: Buffer; version: FileVersion; mode: number } | undefined> {
  const result = await readRegularFile(file, READ_LIMIT_BYTES).catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw fsError(error, file);
  });
  if (!result) return undefined;
  if (!result.ok && result.reason === 'not_a_file') throw new AppError('fs.not_a_file', `Not a file: ${file}`);
  if (!result.ok) throw new AppError('fs.too_large', `File is too large to edit (the limit is ${READ_LIMIT_BYTES / 1024 / 1024} MB)`);
  const sha256 = crypto.createHash('sha256').update(result.content).digest('hex');
  return { content: result.content, version: { mtimeMs: result.stat.mtimeMs, sha256 }, mode: result.stat.mode & 0o7777 };
}

export interface SaveOptions {
  /** The version the editor read; the save is refused (409) unless the file still has this content. */
  expected?: FileVersion;
  /** A new file: refused (409) when one exists. */
  create?: boolean;
}

/** Throws 409 unless the file on disk is still what the caller saw (absent for a create, the expected content else). */
async function checkPrecondition(file: string, options: SaveOptions): Promise<number | undefined> {
  const current = await readVersioned(file);
  if (options.create) {
    if (current) throw new AppError('fs.conflict', `A file of that name exists: ${file}`);
    return undefined;
  }
  if (!current) throw new AppError('fs.not_found', `Path not found: ${file}`);
  if (!options.expected) throw new AppError('validation.failed', 'expected (the version read) is required to save a file');
  if (current.version.sha256 !== options.expected.sha256) {
    throw new AppError('fs.conflict', `The file changed since it was opened (saved elsewhere, or by the agent): ${file}`);
  }
  return current.mode;
}

/**
 * Saves `content` to `file` atomically: a temp file beside it (exclusive create, the original's mode), fsync, the
 * precondition checked again, then rename. Whatever fails, the temp file is removed and the original is untouched.
 */
export async function saveFile(file: string, content: string, options: SaveOptions, io: SaveIo = NODE_IO): Promise<FileVersion & { size: number }> {
  const bytes = Buffer.from(content, 'utf8');
  if (bytes.length > READ_LIMIT_BYTES) throw new AppError('fs.too_large', `File is too large to save (the limit is ${READ_LIMIT_BYTES / 1024 / 1024} MB)`);
  const mode = (await checkPrecondition(file, options)) ?? 0o644;
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.cui-${crypto.randomBytes(6).toString('hex')}.tmp`);
  try {
    const handle = await io.open(temp, 'wx', mode);
    try {
      await handle.writeFile(bytes);
      await handle.chmod(mode);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await checkPrecondition(file, options);
    await io.rename(temp, file);
  } catch (error) {
    await io.rm(temp, { force: true }).catch(() => undefined);
    throw error instanceof AppError ? error : fsError(error, file);
  }
  const saved = await readVersioned(file);
  return { ...(saved?.version ?? { mtimeMs: 0, sha256: '' }), size: bytes.length };
}
