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

function pruneOldBuilds(keep: string): void {
  const builds = fs
    .readdirSync(BUILDS_DIR)
    .filter((name) => !name.includes('.tmp-'))
    .map((name) => ({ name, mtime: fs.statSync(path.join(BUILDS_DIR, name)).mtimeMs }))
    .sort((a, b) => b.mtime - a.mtime);
  for (const build of builds.slice(KEEP_BUILDS)) {
    if (build.name !== keep) fs.rmSync(path.join(BUILDS_DIR, build.name), { recursive: true, force: true });
  }
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
  if (fs.existsSync(path.join(target, 'index.html'))) return target;
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
  pruneOldBuilds(path.basename(target));
  return target;
}
