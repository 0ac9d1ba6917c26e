import { describe, expect, it } from 'vitest';
import type { LiveRunInfo } from '../../context';
import { AppError } from '../../platform/app-error';
import { createWorkspace, type WorkspaceDeps } from './workspace';

const SESSION = '11111111-2222-4333-8444-555555555555';

function liveRun(workingDirectory: string): LiveRunInfo {
  return { streamingId: 'stream-1', sessionId: SESSION, workingDirectory, startedAt: '2026-01-01T00:00:00.000Z', permissionMode: 'default', initialPrompt: 'hi' };
}

/** A workspace over fixed answers: `indexed` folders, live `runs`, `terminal` sessions, `trusted` folders, git `roots`. */
function workspaceOf(world: { indexed?: Record<string, string>; runs?: LiveRunInfo[]; terminal?: string[]; trusted?: string[]; roots?: Record<string, string> }) {
  const asked: string[] = [];
  const deps: WorkspaceDeps = {
    runs: { bySession: (id) => world.runs?.find((run) => run.sessionId === id) },
    sessions: { folderOf: async (id) => world.indexed?.[id], activeInTerminal: (id) => world.terminal?.includes(id) ?? false },
    trust: { trustedBy: (folder) => (world.trusted?.includes(folder) ? { path: folder, trustedAt: '2026-01-01T00:00:00.000Z', source: 'console' } : null) },
    repositoryRoot: async (folder) => {
      asked.push(folder);
      return world.roots?.[folder];
    },
  };
  return { workspace: createWorkspace(deps), asked };
}

describe('the workspace of a conversation', () => {
  it('is the folder its transcript records, with the repository root, when nobody holds it', async () => {
    const { workspace, asked } = workspaceOf({ indexed: { [SESSION]: '/w/app/src' }, roots: { '/w/app/src': '/w/app' } });
    expect(await workspace.of(SESSION)).toEqual({ sessionId: SESSION, folder: '/w/app/src', repositoryRoot: '/w/app', trusted: false, holder: null });
    expect(asked).toEqual(['/w/app/src']);
  });

  it("takes a live run's folder over the indexed one, and names the run as its holder", async () => {
    const { workspace } = workspaceOf({ indexed: { [SESSION]: '/w/old' }, runs: [liveRun('/w/new')], trusted: ['/w/new'] });
    expect(await workspace.of(SESSION)).toEqual({ sessionId: SESSION, folder: '/w/new', trusted: true, holder: { kind: 'run', streamingId: 'stream-1' } });
    expect(workspace.holder(SESSION)).toEqual({ kind: 'run', streamingId: 'stream-1' });
  });

  it('says a terminal CLI holds a session it works, and nobody once it let go', async () => {
    const world = { indexed: { [SESSION]: '/w/app' }, terminal: [SESSION] };
    const { workspace } = workspaceOf(world);
    expect((await workspace.of(SESSION)).holder).toEqual({ kind: 'terminal' });
    world.terminal = [];
    expect(workspace.holder(SESSION)).toBeNull();
  });

  it("names a console terminal open in the conversation's folder as its holder until it ends, a run before it", async () => {
    const world = { indexed: { [SESSION]: '/w/app' }, runs: [] as LiveRunInfo[] };
    const { workspace } = workspaceOf(world);
    const releaseFirst = workspace.holdInTerminal(SESSION, 'term-one');
    const releaseSecond = workspace.holdInTerminal(SESSION, 'term-two');
    expect((await workspace.of(SESSION)).holder).toEqual({ kind: 'terminal', terminalId: 'term-one' });
    world.runs = [liveRun('/w/app')];
    expect(workspace.holder(SESSION)).toEqual({ kind: 'run', streamingId: 'stream-1' });
    world.runs = [];
    releaseFirst();
    expect(workspace.holder(SESSION)).toEqual({ kind: 'terminal', terminalId: 'term-two' });
    releaseSecond();
    expect(workspace.holder(SESSION)).toBeNull();
  });

  it("names the console's worktree a folder is, with its main repository and branch", async () => {
    const folder = '/w/app/.claude/worktrees/cui-0123abcd';
    const { workspace } = workspaceOf({ indexed: { [SESSION]: folder }, roots: { [folder]: folder } });
    expect(await workspace.of(SESSION)).toMatchObject({ folder, repositoryRoot: folder, worktree: { repo: '/w/app', name: 'cui-0123abcd', branch: 'worktree-cui-0123abcd' } });
  });

  it("carries the session's recorded initial commit, and none when it recorded ''", async () => {
    const deps: WorkspaceDeps = {
      runs: { bySession: () => undefined },
      sessions: { folderOf: async () => '/w/app', activeInTerminal: () => false },
      trust: { trustedBy: () => null },
      repositoryRoot: async () => '/w/app',
      initialCommitOf: (id) => (id === SESSION ? '0123abcd' : ''),
    };
    expect(await createWorkspace(deps).of(SESSION)).toMatchObject({ initialCommit: '0123abcd' });
    expect(await createWorkspace(deps).of('22222222-2222-4333-8444-555555555555')).not.toHaveProperty('initialCommit');
  });

  it('answers session.not_found for a session neither indexed nor live', async () => {
    const { workspace, asked } = workspaceOf({ indexed: {} });
    await expect(workspace.of(SESSION)).rejects.toThrow(AppError);
    await expect(workspace.of(SESSION)).rejects.toMatchObject({ code: 'session.not_found' });
    expect(asked).toEqual([]);
  });
});
