import fs from 'node:fs/promises';
import path from 'node:path';
import ignore, { type Ignore } from 'ignore';
import type { FileEntry } from '@cui/contract';
import { readSmallTextFile } from './safe-read';

/** A recursive listing stops at whichever comes first and says it was truncated. */
export interface ListLimits {
  maxEntries: number;
  maxMs: number;
}

/** Never listed recursively, whatever .gitignore says. */
const ALWAYS_SKIPPED = new Set(['.git', 'node_modules']);

export async function loadGitignore(dir: string): Promise<Ignore | undefined> {
  // A .gitignore that is a device, FIFO, huge or unreadable is skipped (git itself does not follow a symlinked one).
  const text = await readSmallTextFile(path.join(dir, '.gitignore'));
  return text === undefined ? undefined : ignore().add(text);
}

/** The .gitignore files that apply inside one directory: each with the directory it belongs to (relative to the root). */
interface Rules {
  base: string;
  ig: Ignore;
}

function isIgnored(rules: Rules[], relative: string, isDir: boolean): boolean {
  for (const rule of rules) {
    const inner = rule.base ? relative.slice(rule.base.length + 1) : relative;
    if (rule.ig.ignores(isDir ? `${inner}/` : inner)) return true;
  }
  return false;
}

async function entryType(full: string, dirent: { isDirectory(): boolean; isSymbolicLink(): boolean }): Promise<{ type: 'file' | 'directory'; descend: boolean }> {
  if (dirent.isDirectory()) return { type: 'directory', descend: true };
  if (!dirent.isSymbolicLink()) return { type: 'file', descend: false };
  // Symlinks are reported as what they point to but never followed (no loops); broken ones are files.
  const stat = await fs.stat(full).catch(() => undefined);
  return { type: stat?.isDirectory() ? 'directory' : 'file', descend: false };
}

/**
 * Breadth-first listing with names relative to `root`. Honours .gitignore files at every level when asked,
 * always skips .git and node_modules, and stops at the entry or time limit (truncated: true). With `match`,
 * only matching entries are listed (and count towards the limit), but the whole tree is walked.
 */
export async function listRecursive(
  root: string,
  options: { respectGitignore: boolean; limits: ListLimits; match?: (entry: FileEntry) => boolean },
): Promise<{ entries: FileEntry[]; truncated: boolean }> {
  const deadline = Date.now() + options.limits.maxMs;
  const entries: FileEntry[] = [];
  const queue: { relative: string; rules: Rules[] }[] = [{ relative: '', rules: [] }];
  while (queue.length > 0) {
    const { relative, rules: inherited } = queue.shift() as { relative: string; rules: Rules[] };
    const dir = path.join(root, relative);
    let rules = inherited;
    if (options.respectGitignore) {
      const ig = await loadGitignore(dir);
      if (ig) rules = [...inherited, { base: relative, ig }];
    }
    const dirents = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
    dirents.sort((a, b) => a.name.localeCompare(b.name));
    for (const dirent of dirents) {
      if (ALWAYS_SKIPPED.has(dirent.name)) continue;
      const name = relative ? `${relative}/${dirent.name}` : dirent.name;
      const { type, descend } = await entryType(path.join(dir, dirent.name), dirent);
      if (options.respectGitignore && isIgnored(rules, name, type === 'directory')) continue;
      if (entries.length >= options.limits.maxEntries || Date.now() > deadline) return { entries, truncated: true };
      const entry: FileEntry = { name, type };
      if (!options.match || options.match(entry)) entries.push(entry);
      if (descend) queue.push({ relative: name, rules });
    }
  }
  return { entries, truncated: false };
}
