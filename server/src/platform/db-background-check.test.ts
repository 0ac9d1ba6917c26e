import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { damageMarker, startBackgroundCheck } from './db-background-check';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function soundDatabase(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cui-db-check-'));
  dirs.push(dir);
  const file = path.join(dir, 'cui.db');
  const db = new Database(file);
  db.exec('CREATE TABLE t (x TEXT); INSERT INTO t VALUES (\'a\'), (\'b\');');
  db.close();
  return file;
}

/** A logger whose lines are kept, to read what the check said. */
function keptLogger() {
  const lines: string[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
  return { logger, lines };
}

describe('the database check after start-up', () => {
  it('passes a sound file, says so, and leaves no marker', async () => {
    const file = soundDatabase();
    const { logger, lines } = keptLogger();
    await expect(startBackgroundCheck({ file, logger }).done).resolves.toBeUndefined();
    expect(lines.some((line) => line.includes('database check passed'))).toBe(true);
    expect(fs.existsSync(damageMarker(file))).toBe(false);
  });

  it('finds a file that is not a database, reports it and leaves the marker', async () => {
    const file = soundDatabase();
    fs.writeFileSync(file, 'not a database at all, but long enough to have a header '.repeat(200));
    const notified: string[] = [];
    const reason = await startBackgroundCheck({ file, logger: keptLogger().logger, notify: (message) => notified.push(message) }).done;
    expect(reason).toMatch(/SQLite/);
    expect(fs.existsSync(damageMarker(file))).toBe(true);
    expect(notified).toHaveLength(1);
  });

  it('can be stopped at any moment of its start, and then reports nothing', async () => {
    const file = soundDatabase();
    const { logger, lines } = keptLogger();
    for (let delayMs = 0; delayMs < 60; delayMs += 6) {
      const check = startBackgroundCheck({ file, logger });
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      await check.stop();
      await expect(check.done).resolves.toBeUndefined();
    }
    expect(lines.filter((line) => line.includes('damage') || line.includes('could not run'))).toEqual([]);
    expect(fs.existsSync(damageMarker(file))).toBe(false);
  });

  it('stops at once while SQLite holds it in a native call, and its process is gone', async () => {
    // At 10,000 sessions quick_check is one native call of ~20 s; in a worker thread, terminate() and even
    // process.exit() waited for it, so a Ctrl-C soon after start-up hung the shutdown (10.7 s measured). Here SQLite's
    // open of a FIFO that nothing ever writes to holds the check in native code for good.
    const dir = path.dirname(soundDatabase());
    const file = path.join(dir, 'held.db');
    execFileSync('mkfifo', [file]);
    const owned: string[] = [];
    const owner = { watch: (identity: { pid: number }) => void owned.push(`+${identity.pid}`), forget: (pid: number) => void owned.push(`-${pid}`) };
    const check = startBackgroundCheck({ file, logger: keptLogger().logger, owner });
    const pid = Number(owned[0]?.slice(1));
    expect(fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')).toContain(file);
    // SQLite's driver is mapped (a native addon): the next thing the check does is open the file.
    await vi.waitFor(() => expect(fs.readFileSync(`/proc/${pid}/maps`, 'utf8')).toContain('better-sqlite3'), { timeout: 10_000, interval: 10 });
    await check.stop();
    await expect(check.done).resolves.toBeUndefined();
    expect(fs.existsSync(`/proc/${pid}`)).toBe(false);
    expect(owned).toEqual([`+${pid}`, `-${pid}`]);
  });
});
