// What `npm start` compares with its build outputs to know whether to rebuild (scripts/start.mjs).
import fs from 'node:fs';
import path from 'node:path';

const SKIP_DIRS = new Set(['node_modules', 'dist', '.git']);

/**
 * Returns a function giving the newest modification time (ms) of the files under the given paths (relative to
 * `root`), tests skipped; 0 when none exist. Directories are listed with their entries' types, so only files are
 * stat'ed (~10 → ~4 ms for ~900 files at start-up), and a path asked again (one both parts share) is walked once.
 */
export function newestSourceTime(root) {
  const newestUnder = new Map();
  return (paths) => {
    let newest = 0;
    for (const p of paths) {
      if (!newestUnder.has(p)) newestUnder.set(p, newestIn(path.join(root, p)));
      newest = Math.max(newest, newestUnder.get(p));
    }
    return newest;
  };
}

function newestIn(entry) {
  const stat = fs.statSync(entry, { throwIfNoEntry: false }); // An optional source (e.g. a config file) may not exist.
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  const visit = (dir) => {
    for (const item of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, item.name);
      if (item.isDirectory()) {
        if (!SKIP_DIRS.has(item.name)) visit(full);
      } else if (item.isSymbolicLink()) {
        newest = Math.max(newest, newestIn(full)); // Followed, whatever it points to.
      } else if (!/\.test\.tsx?$/.test(item.name)) {
        newest = Math.max(newest, fs.statSync(full, { throwIfNoEntry: false })?.mtimeMs ?? 0);
      }
    }
  };
  visit(entry);
  return newest;
}
