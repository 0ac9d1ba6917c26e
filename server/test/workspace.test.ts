import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeRepo } from '../../fake-model/test-support';
import type { LiveRunInfo } from '../src/context';
import { createTrustService } from '../src/features/trust/index';
import { createWorkspace, repositoryRoot, type Workspace } from '../src/features/workspace/index';
import { openDatabase } from '../src/platform/db';
import { makeTestDirs, type TestDirs } from './test-dirs';

/** The workspace seam against real git and the real trust store: a temp repository, a sub-folder and a worktree. */

const IDS = { plain: '11111111-0000-4000-8000-000000000001', sub: '11111111-0000-4000-8000-000000000002', tree: '11111111-0000-4000-8000-000000000003', outside: '11111111-0000-4000-8000-000000000004' };

let dirs: TestDirs;
let db: ReturnType<typeof openDatabase>;
let repo: string;
let tree: string;
let outside: string;
const runs: LiveRunInfo[] = [];
const terminal = new Set<string>();
let workspace: Workspace;
let trust: ReturnType<typeof createTrustService>;

beforeAll(() => {
  dirs = makeTestDirs('cui-workspace-');
  // Real paths: git reports the top folder with symlinks resolved (a macOS-style /tmp would differ otherwise).
  repo = fs.realpathSync(makeRepo(path.join(dirs.work, 'repo')));
  fs.mkdirSync(path.join(repo, 'src'));
  tree = path.join(repo, '.claude', 'worktrees', 'cui-0a1b2c3d');
  execFileSync('git', ['-C', repo, 'worktree', 'add', '-q', '-b', 'worktree-cui-0a1b2c3d', tree], { stdio: 'ignore' });
  outside = fs.realpathSync(fs.mkdtempSync(path.join(dirs.tmp, 'plain-')));
  db = openDatabase(path.join(dirs.cuiHome, 'cui.db'), pino({ level: 'silent' }));
  trust = createTrustService({ db, claudeGlobalConfigPath: path.join(dirs.home, '.claude.json') });
  const folders: Record<string, string> = { [IDS.plain]: repo, [IDS.sub]: path.join(repo, 'src'), [IDS.tree]: tree, [IDS.outside]: outside };
  workspace = createWorkspace({
    runs: { bySession: (id) => runs.find((run) => run.sessionId === id) },
    sessions: { folderOf: async (id) => folders[id], activeInTerminal: (id) => terminal.has(id) },
    trust,
  });
});

afterAll(() => {
  db.close();
  fs.rmSync(dirs.root, { recursive: true, force: true });
});

describe('the workspace of a conversation, on disk', () => {
  it("finds the repository root of the session's folder and of a folder below it", async () => {
    expect(await workspace.of(IDS.plain)).toEqual({ sessionId: IDS.plain, folder: repo, repositoryRoot: repo, trusted: false, holder: null });
    expect(await workspace.of(IDS.sub)).toMatchObject({ folder: path.join(repo, 'src'), repositoryRoot: repo });
  });

  it('names a worktree of the console with its own root, main repository and branch', async () => {
    expect(await workspace.of(IDS.tree)).toMatchObject({ folder: tree, repositoryRoot: tree, worktree: { repo, name: 'cui-0a1b2c3d', branch: 'worktree-cui-0a1b2c3d' } });
    expect(execFileSync('git', ['-C', tree, 'branch', '--show-current'], { encoding: 'utf8' }).trim()).toBe('worktree-cui-0a1b2c3d');
  });

  it('has no repository root outside git, nor for a folder that is gone', async () => {
    const gone = path.join(dirs.tmp, 'gone');
    expect(await workspace.of(IDS.outside)).toEqual({ sessionId: IDS.outside, folder: outside, trusted: false, holder: null });
    expect(await repositoryRoot(gone)).toBeUndefined();
  });

  it('follows the trust store: a trusted repository covers its sub-folders and worktrees, until revoked', async () => {
    trust.trust(repo);
    expect((await workspace.of(IDS.sub)).trusted).toBe(true);
    expect((await workspace.of(IDS.tree)).trusted).toBe(true);
    expect((await workspace.of(IDS.outside)).trusted).toBe(false);
    trust.revoke(repo);
    expect((await workspace.of(IDS.sub)).trusted).toBe(false);
  });

  it('says who holds the conversation: a run of the console, a terminal CLI, or nobody', async () => {
    runs.push({ streamingId: 'stream-1', sessionId: IDS.plain, workingDirectory: path.join(repo, 'src'), startedAt: new Date().toISOString(), permissionMode: 'default', initialPrompt: 'hi' });
    terminal.add(IDS.tree);
    expect(await workspace.of(IDS.plain)).toMatchObject({ folder: path.join(repo, 'src'), repositoryRoot: repo, holder: { kind: 'run', streamingId: 'stream-1' } });
    expect(workspace.holder(IDS.tree)).toEqual({ kind: 'terminal' });
    expect(workspace.holder(IDS.sub)).toBeNull();
    await expect(workspace.of('11111111-0000-4000-8000-00000000dead')).rejects.toMatchObject({ code: 'session.not_found' });
  });
});
