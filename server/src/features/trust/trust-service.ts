import fs from 'node:fs';
import path from 'node:path';
import type { FolderTrust, TrustedFolder } from '@cui/contract';
import type Database from 'better-sqlite3';
import { AppError } from '../../platform/app-error';
import { readCliTrustedFolders } from './cli-trust';
import { readFolderSettings } from './folder-settings';
import { createTrustStore } from './trust-store';

/**
 * The trust gate for repository settings. A run in an untrusted folder starts without the folder's own
 * settings (project and local: hooks, MCP servers, permission rules), as the terminal CLI would before
 * its trust dialog. Trusted are the folders the user trusted in the console and those the CLI trusts;
 * trust of a folder covers everything below it.
 */
export interface TrustService {
  /** The console's trusted folders, then the CLI's. */
  list(): TrustedFolder[];
  /** The entry that makes `folder` trusted (itself or an ancestor), or null. */
  trustedBy(folder: string): TrustedFolder | null;
  /** Whether `folder` is trusted and what its settings would enable. */
  check(folder: string): FolderTrust;
  /** Trusts an existing folder; applies to runs started from now on. */
  trust(folder: string): TrustedFolder;
  /** Removes the console's trust of exactly this folder. */
  revoke(folder: string): void;
}

export interface TrustDeps {
  db: Database.Database;
  /** The CLI's global config (see CuiPaths.claudeGlobalConfigPath). */
  claudeGlobalConfigPath: string;
}

/** The folder as given (resolved) and as the file system names it (symlinks resolved), when they differ. */
function spellings(folder: string): string[] {
  const resolved = path.resolve(folder);
  try {
    const real = fs.realpathSync(resolved);
    return real === resolved ? [resolved] : [resolved, real];
  } catch {
    return [resolved];
  }
}

function* selfAndAncestors(folder: string): Generator<string> {
  let current = folder;
  for (;;) {
    yield current;
    const parent = path.dirname(current);
    if (parent === current) return;
    current = parent;
  }
}

/** An existing folder with symlinks resolved: 404 fs.not_found when missing, 400 fs.not_a_directory for a file. */
export function existingDirectory(folder: string): string {
  const resolved = path.resolve(folder);
  let stat: fs.Stats;
  try {
    stat = fs.statSync(resolved);
  } catch (error) {
    throw new AppError('fs.not_found', `Folder not found: ${resolved}`, { cause: error });
  }
  if (!stat.isDirectory()) throw new AppError('fs.not_a_directory', `Not a directory: ${resolved}`);
  return fs.realpathSync(resolved);
}

export function createTrustService(deps: TrustDeps): TrustService {
  const store = createTrustStore(deps.db);
  const list = (): TrustedFolder[] => [
    ...store.list().map((entry): TrustedFolder => ({ path: entry.path, source: 'console', trustedAt: entry.trustedAt })),
    ...readCliTrustedFolders(deps.claudeGlobalConfigPath).map((folder): TrustedFolder => ({ path: folder, source: 'cli', trustedAt: null })),
  ];
  const trustedBy = (folder: string): TrustedFolder | null => {
    const byPath = new Map<string, TrustedFolder>();
    for (const entry of list().reverse()) byPath.set(entry.path, entry); // the console's entry wins over the CLI's
    for (const spelling of spellings(folder)) {
      for (const candidate of selfAndAncestors(spelling)) {
        const entry = byPath.get(candidate);
        if (entry) return entry;
      }
    }
    return null;
  };
  return {
    list,
    trustedBy,
    check(folder) {
      const entry = trustedBy(folder);
      const settings = readFolderSettings(path.resolve(folder));
      return { path: path.resolve(folder), trusted: entry !== null, trustedBy: entry, settings: settings.summary, hasSettings: settings.hasSettings };
    },
    trust(folder) {
      const entry = store.add(existingDirectory(folder));
      return { path: entry.path, source: 'console', trustedAt: entry.trustedAt };
    },
    revoke(folder) {
      if (spellings(folder).some((spelling) => store.remove(spelling))) return;
      const entry = trustedBy(folder);
      if (entry?.source === 'cli') {
        throw new AppError('trust.not_revocable', `${entry.path} is trusted by Claude Code itself; revoke it there`);
      }
      throw new AppError('trust.not_found', `The console does not trust ${path.resolve(folder)}${entry ? ` (it is trusted through ${entry.path})` : ''}`);
    },
  };
}
