import { execFileSync, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/platform/db';
import { loadConfigFile } from '../src/features/settings/index';
import { freePort, makeTestDirs, startTestServer, type TestDirs } from './helpers';

/**
 * Issue 29.13: a full disk or a read-only CUI_HOME is no damage. Real file systems: a small tmpfs filled up, and one
 * remounted read-only (chmod does not stop root). These tests run as root (here and in CI): when a mount is not
 * possible they fail, saying so, rather than skip.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const mounts: string[] = [];

afterAll(() => {
  for (const dir of mounts.splice(0).reverse()) execFileSync('umount', ['-l', dir]);
});

function mountTmpfs(dir: string, size: string): void {
  fs.mkdirSync(dir, { recursive: true });
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size},mode=0700`, 'tmpfs', dir], { stdio: 'pipe' });
  } catch (error) {
    throw new Error(`these fault tests need to mount a tmpfs (run them as root, with mount available): ${String((error as { stderr?: Buffer }).stderr ?? error)}`, { cause: error });
  }
  mounts.push(dir);
}

/** Fills the file system holding `dir` to the last byte; returns the filler to delete. */
function fillDisk(dir: string): string {
  const filler = path.join(dir, 'filler');
  const chunk = Buffer.alloc(64 * 1024);
  const fd = fs.openSync(filler, 'w');
  try {
    for (;;) fs.writeSync(fd, chunk);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  } finally {
    fs.closeSync(fd);
  }
  // The last partial block too.
  try {
    for (;;) fs.appendFileSync(filler, Buffer.alloc(512));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  }
  return filler;
}

/** A CUI_HOME on its own tmpfs with a config and an intact cui.db (with a named session), as a previous run left it. */
function preparedHome(name: string, size = '8m'): { dirs: TestDirs; dbPath: string; digest: () => string } {
  const base = makeTestDirs();
  const cuiHome = path.join(base.root, name);
  mountTmpfs(cuiHome, size);
  const dirs = { ...base, cuiHome };
  loadConfigFile(path.join(cuiHome, 'config.json'));
  const dbPath = path.join(cuiHome, 'cui.db');
  const db = openDatabase(dbPath, pino({ level: 'silent' }));
  db.prepare("INSERT INTO session_info (session_id, custom_name, created_at, updated_at) VALUES ('s-1', 'kept', 'now', 'now')").run();
  db.close();
  const digest = () => crypto.createHash('sha256').update(fs.readFileSync(dbPath)).digest('hex');
  return { dirs, dbPath, digest };
}

/** Runs the real start (server/src/main.ts) until it exits. */
async function runMain(dirs: TestDirs): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server/src/main.ts'), '--port', String(await freePort())], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, HOME: dirs.home, TMPDIR: dirs.tmp, CUI_HOME: dirs.cuiHome, CLAUDE_CONFIG_DIR: dirs.claudeConfigDir, TSX_TSCONFIG_PATH: path.join(ROOT, 'tsconfig.server.json') },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stderr })));
}

describe('a start that cannot write', () => {
  it('on a full disk leaves the intact cui.db where it was, says so in one line and exits 1', async () => {
    const home = preparedHome('full');
    const before = home.digest();
    fillDisk(home.dirs.cuiHome);
    const run = await runMain(home.dirs);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(`cui failed to start: the disk holding ${home.dirs.cuiHome} is full (less than 1 MB free): free some space (df -h ${home.dirs.cuiHome}) and start cui again; cui.db was left as it is\n`);
    expect(fs.readdirSync(home.dirs.cuiHome).filter((name) => name.includes('damaged'))).toEqual([]);
    expect(home.digest()).toBe(before);
  });

  it('in a read-only CUI_HOME leaves cui.db where it was, says so in one line and exits 1', async () => {
    const home = preparedHome('read-only');
    const before = home.digest();
    execFileSync('mount', ['-o', 'remount,ro', home.dirs.cuiHome]);
    const run = await runMain(home.dirs);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(`cui failed to start: ${home.dirs.cuiHome} is read-only: make it writable, or set CUI_HOME to a writable folder, and start cui again; cui.db was left as it is\n`);
    expect(fs.readdirSync(home.dirs.cuiHome).filter((name) => name.includes('damaged'))).toEqual([]);
    expect(home.digest()).toBe(before);
  });
});

describe('a write while running', () => {
  it('on a full disk answers 507 storage.full (the database and the config), and works again once space is freed', async () => {
    const home = preparedHome('full-running', '16m');
    const server = await startTestServer({ dirs: home.dirs });
    try {
      // The WAL emptied to 0 bytes: the next database write needs new space (a WAL keeps its size once grown).
      const outside = new Database(home.dbPath);
      outside.pragma('wal_checkpoint(TRUNCATE)');
      outside.close();
      const filler = fillDisk(home.dirs.cuiHome);
      const folder = path.join(server.dirs.work, 'trusted');
      fs.mkdirSync(folder, { recursive: true });
      const writes = () => [
        server.api('/api/trust/folders', { method: 'PUT', body: JSON.stringify({ path: folder }) }),
        server.api('/api/config', { method: 'PUT', body: JSON.stringify({ interface: { language: 'de' } }) }),
      ];
      for (const response of await Promise.all(writes())) {
        expect(response.status).toBe(507);
        expect(await response.json()).toEqual({ code: 'storage.full', error: `The disk holding ${home.dirs.cuiHome} is full: this change was not saved. Free some space and try again.` });
      }
      fs.rmSync(filler);
      for (const response of await Promise.all(writes())) expect(response.status).toBe(200);
      expect(loadConfigFile(path.join(home.dirs.cuiHome, 'config.json')).interface.language).toBe('de');
    } finally {
      await server.close();
    }
  });
});
