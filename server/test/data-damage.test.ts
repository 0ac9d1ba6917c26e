import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { ConversationListResponse, RecentLogsResponse, type ConversationSummary } from '@cui/contract';
import { makeTestDirs, startTestServer, waitFor, type TestDirs, type TestServer } from './helpers';
import { startServerProcess } from './server-process';
import { writeSession } from './sessions-fixtures';

/* Data that survives damage (issue 10, point 5): a damaged cui.db never loses user data silently. */

const servers: TestServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

async function start(dirs: TestDirs): Promise<TestServer> {
  const server = await startTestServer({ dirs });
  servers.push(server);
  return server;
}

async function stop(server: TestServer): Promise<void> {
  servers.splice(servers.indexOf(server), 1);
  await server.close();
}

async function list(server: TestServer, query = ''): Promise<ConversationSummary[]> {
  const response = await server.api(`/api/conversations${query}`);
  expect(response.status).toBe(200);
  return ConversationListResponse.parse(await response.json()).conversations;
}

async function logs(server: TestServer): Promise<string> {
  const response = await server.api('/api/logs/recent?limit=100');
  return RecentLogsResponse.parse(await response.json()).logs.join('\n');
}

interface Fixture {
  dirs: TestDirs;
  dbPath: string;
  named: string;
  archived: string;
}

/** True once the search index holds every saved message (read as a second reader, as the benchmarks do). */
function searchCaughtUp(file: string): boolean {
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare('SELECT (SELECT COUNT(*) FROM session_text) > 0 AND (SELECT MAX(id) FROM session_text) = (SELECT indexed_through FROM search_state)').pluck().get() === 1;
  } finally {
    db.close();
  }
}

/**
 * Two indexed sessions with user data (a name and a pin; an archive flag), then a clean stop (which saves the backup).
 * `turns` makes the named one long, its search text many pages; the stop waits until its last message is searchable.
 */
async function sessionsWithUserData(turns = 1): Promise<Fixture> {
  const dirs = makeTestDirs('cui-damage-');
  const projects = path.join(dirs.claudeConfigDir, 'projects');
  const named = writeSession(projects, { cwd: '/work/a', prompt: 'first', startMinute: 1, turns }).sessionId;
  const archived = writeSession(projects, { cwd: '/work/b', prompt: 'second', startMinute: 2 }).sessionId;
  const server = await start(dirs);
  await waitFor(async () => (await list(server)).length === 2, { message: 'both sessions indexed' });
  const update = (id: string, body: object) => server.api(`/api/conversations/${id}/update`, { method: 'PUT', body: JSON.stringify(body) });
  expect((await update(named, { customName: 'from the backup', pinned: true })).status).toBe(200);
  expect((await update(archived, { archived: true })).status).toBe(200);
  await waitFor(() => searchCaughtUp(path.join(dirs.cuiHome, 'cui.db')), { message: 'every message searchable' });
  await stop(server);
  return { dirs, dbPath: path.join(dirs.cuiHome, 'cui.db'), named, archived };
}

/** A change made after the last backup: only the database itself has it. */
function renameAfterBackup(fixture: Fixture, name: string): void {
  const db = new Database(fixture.dbPath);
  db.prepare('UPDATE session_info SET custom_name = ? WHERE session_id = ?').run(name, fixture.named);
  db.close();
}

function overwrite(file: string, offset: number, length: number): void {
  const fd = fs.openSync(file, 'r+');
  fs.writeSync(fd, Buffer.alloc(length, 0xa5), 0, length, offset);
  fs.closeSync(fd);
}

/** Restarts on the damaged database and checks the report, the file kept aside and the rebuilt index. */
async function restartAndCheck(fixture: Fixture, expectedName: string): Promise<string> {
  const server = await start(fixture.dirs);
  const report = await logs(server);
  expect(report).toContain(`The database ${fixture.dbPath} is damaged`);
  expect(report).toContain(`moved to ${fixture.dbPath}.damaged-`);
  expect(report).toContain('the transcript index is being rebuilt');
  expect(fs.readdirSync(fixture.dirs.cuiHome).filter((name) => /^cui\.db\.damaged-[^-]/.test(name) && !name.endsWith('-wal') && !name.endsWith('-shm'))).toHaveLength(1);
  const listed = await waitFor(async () => {
    const rows = await list(server, '?archived=false');
    return rows.length === 1 ? rows : undefined;
  }, { message: 'the index rebuilt from the transcripts' });
  expect(listed[0]).toMatchObject({ sessionId: fixture.named, sessionInfo: { custom_name: expectedName, pinned: true, archived: false } });
  expect((await list(server, '?archived=true')).map((row) => row.sessionId)).toEqual([fixture.archived]);
  return report;
}

/** Starts on a database damaged where only the check after start-up looks: it reports and leaves the marker. */
async function foundAfterStart(fixture: Fixture, options = { stop: true }): Promise<TestServer> {
  const server = await start(fixture.dirs);
  const report = await waitFor(async () => {
    const text = await logs(server);
    return text.includes('found by the check that runs after start-up') ? text : undefined;
  }, { message: 'the background check reports the damage' });
  expect(report).toContain(`The database ${fixture.dbPath} is damaged (SQLite's check failed`);
  expect(report).toContain('restart cui to repair it');
  expect(fs.existsSync(`${fixture.dbPath}.damage-found`)).toBe(true);
  expect(fs.readdirSync(fixture.dirs.cuiHome).filter((name) => name.includes('.damaged-'))).toEqual([]);
  if (options.stop) await stop(server);
  return server;
}

describe('a damaged cui.db', () => {
  it('that is empty is moved aside and the user data comes back from the backup', async () => {
    const fixture = await sessionsWithUserData();
    fs.truncateSync(fixture.dbPath, 0);
    const report = await restartAndCheck(fixture, 'from the backup');
    expect(report).toContain('the file is empty');
    expect(report).toContain('from the backup');
  });

  it('with damaged pages keeps the newest user data (read from the damaged file) and rebuilds the index', async () => {
    const fixture = await sessionsWithUserData();
    renameAfterBackup(fixture, 'newer than the backup');
    const db = new Database(fixture.dbPath, { readonly: true });
    const pageSize = db.pragma('page_size', { simple: true }) as number;
    const root = db.prepare("SELECT rootpage FROM sqlite_master WHERE name = 'session_index'").pluck().get() as number;
    db.close();
    overwrite(fixture.dbPath, (root - 1) * pageSize, pageSize);
    // The session list's table is rebuildable: the check after start-up finds its damage, the next start repairs it.
    await foundAfterStart(fixture);
    const report = await restartAndCheck(fixture, 'newer than the backup');
    expect(report).toContain('rows read from the damaged file');
  });

  it('with a damaged header is moved aside and the user data comes back from the backup', async () => {
    const fixture = await sessionsWithUserData();
    renameAfterBackup(fixture, 'lost with the header');
    overwrite(fixture.dbPath, 0, 100);
    const report = await restartAndCheck(fixture, 'from the backup');
    expect(report).toContain('SQLite cannot read it');
  });
});

describe('damage in the large tables (checked after start-up, issue 28 point 1)', () => {
  it('is found by the background check while the server answers, and the next start restores the user data', async () => {
    const fixture = await sessionsWithUserData(1500);
    renameAfterBackup(fixture, 'newer than the backup');
    const db = new Database(fixture.dbPath, { readonly: true });
    const pageSize = db.pragma('page_size', { simple: true }) as number;
    const leaves = db.prepare("SELECT pageno FROM dbstat WHERE name = 'session_text' AND pagetype = 'leaf' ORDER BY pageno").pluck().all() as number[];
    db.close();
    expect(leaves.length).toBeGreaterThan(20);
    overwrite(fixture.dbPath, ((leaves[Math.floor(leaves.length / 2)] as number) - 1) * pageSize, pageSize);
    const server = await foundAfterStart(fixture, { stop: false });
    // Served from the damaged file: the check before listening left the search text to the background check.
    expect((await list(server, '?archived=false')).map((row) => row.sessionInfo.custom_name)).toEqual(['newer than the backup']);
    await stop(server);
    const repaired = await restartAndCheck(fixture, 'newer than the backup');
    expect(repaired).toContain("is damaged (SQLite's check failed");
    expect(repaired).toContain('rows read from the damaged file');
    expect(fs.existsSync(`${fixture.dbPath}.damage-found`)).toBe(false);
  });
});

describe('the server process on a damaged cui.db', () => {
  it('starts and tells the terminal which file was damaged, where it went and what to do', async () => {
    const fixture = await sessionsWithUserData();
    overwrite(fixture.dbPath, 0, 100);
    const server = await startServerProcess(fixture.dirs, 'http://127.0.0.1:9');
    try {
      expect(server.output()).toContain(`cui: The database ${fixture.dbPath} is damaged (SQLite cannot read it`);
      expect(server.output()).toContain('If anything is missing, keep');
      expect((await server.api('/api/conversations?archived=false')).status).toBe(200);
    } finally {
      server.child.kill('SIGKILL');
      await server.exited;
    }
  });
});

describe('file modes', () => {
  it('makes an existing CUI_HOME 0700 and creates cui.db, its side files and the backup 0600', async () => {
    const dirs = makeTestDirs('cui-modes-');
    fs.chmodSync(dirs.cuiHome, 0o755);
    const server = await start(dirs);
    expect(fs.statSync(dirs.cuiHome).mode & 0o777).toBe(0o700);
    for (const name of ['cui.db', 'cui.db-wal', 'cui.db-shm', 'user-data-backup.json']) {
      expect({ name, mode: fs.statSync(path.join(dirs.cuiHome, name)).mode & 0o777 }).toEqual({ name, mode: 0o600 });
    }
    await stop(server);
  });
});
