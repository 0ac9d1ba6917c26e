import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './paths';

/** Inputs of the web build: a change in any of them means a new build. */
const INPUTS = ['web', 'contract', 'package-lock.json'];
const BUILDS_DIR = path.join(REPO_ROOT, 'dist/e2e-web');
const KEEP_BUILDS = 3;

function listFiles(entry: string, out: string[]): void {
  const stat = fs.statSync(entry);
  if (stat.isFile()) {
    out.push(entry);
    return;
  }
  for (const name of fs.readdirSync(entry).sort()) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    listFiles(path.join(entry, name), out);
  }
}

/** A hash of the contents of every build input (not mtimes: touching a file does not rebuild). */
export function webSourceHash(): string {
  const hash = createHash('sha256');
  const files: string[] = [];
  for (const input of INPUTS) listFiles(path.join(REPO_ROOT, input), files);
  for (const file of files) {
    if (/\.test\.tsx?$/.test(file)) continue;
    hash.update(path.relative(REPO_ROOT, file)).update('\0').update(fs.readFileSync(file)).update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

/** A build another run may still be serving is never deleted: only builds unused for this long go. */
const PRUNE_AFTER_MS = 3_600_000;

/** Keeps the newest builds and any used in the last hours (runs in parallel may still serve them). */
function pruneOldBuilds(keep: string): void {
  const entries = fs
    .readdirSync(BUILDS_DIR)
    .map((name) => ({ name, age: Date.now() - fs.statSync(path.join(BUILDS_DIR, name)).mtimeMs }))
    .sort((a, b) => a.age - b.age);
  // Staging directories of builds still running are young; old ones were left by a crashed build.
  const stale = entries.filter((entry) => entry.name.includes('.tmp-') && entry.age > PRUNE_AFTER_MS);
  const builds = entries.filter((entry) => !entry.name.includes('.tmp-')).slice(KEEP_BUILDS);
  for (const entry of [...stale, ...builds]) {
    if (entry.name === keep || entry.age < PRUNE_AFTER_MS) continue;
    fs.rmSync(path.join(BUILDS_DIR, entry.name), { recursive: true, force: true });
  }
}

/** Marks a build as in use now (its mtime), so parallel runs' pruning leaves it alone. */
function markUsed(dir: string): void {
  const now = new Date();
  fs.utimesSync(dir, now, now);
}

/**
 * Returns a directory holding the built web app for the current sources, building it when needed.
 * Each source state gets its own directory (dist/e2e-web/<hash>), built elsewhere and renamed into place,
 * so parallel runs by other engineers never see a half-written or deleted build.
 * CUI_E2E_WEB_ROOT overrides it (e.g. CI that has just run `npm run build`: CUI_E2E_WEB_ROOT=dist/web).
 */
export function ensureWebBuild(): string {
  const override = process.env.CUI_E2E_WEB_ROOT;
  if (override) return path.resolve(REPO_ROOT, override);
  const target = path.join(BUILDS_DIR, webSourceHash());
  if (fs.existsSync(path.join(target, 'index.html'))) {
    markUsed(target);
    pruneOldBuilds(path.basename(target));
    return target;
  }
  fs.mkdirSync(BUILDS_DIR, { recursive: true });
  const staging = `${target}.tmp-${process.pid}`;
  const vite = path.join(REPO_ROOT, 'node_modules/vite/bin/vite.js');
  execFileSync(process.execPath, [vite, 'build', '--config', 'web/vite.config.ts', '--outDir', staging, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
  });
  try {
    fs.renameSync(staging, target);
  } catch (error) {
    // Another run finished the same build first: theirs is identical, use it.
    if (!fs.existsSync(path.join(target, 'index.html'))) throw error;
    fs.rmSync(staging, { recursive: true, force: true });
  }
  markUsed(target);
  pruneOldBuilds(path.basename(target));
  return target;
}
