import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { GitStatus } from '@cui/contract';
import { describe, expect, it } from 'vitest';
import { waitFor } from './helpers';
import { getJson, openStream, postJson, startOk, useRunServer } from './runs-support';

/** Issue 24 points 1-2: a conversation's changes and git actions, in temporary repositories with a bare origin. */

const ctx = useRunServer();

const git = (repo: string, ...args: string[]): string => execFileSync('git', ['-C', repo, ...args], { encoding: 'utf8' });

/** makeRepo's repository with an identity, branch `main`, a bare `origin` it tracks, and a pre-commit hook writing a marker. */
function repoWithOrigin(name: string): { repo: string; origin: string; marker: string } {
  const repo = ctx.newRepo(name);
  const origin = `${repo}-origin.git`;
  const marker = `${repo}-hook-ran`;
  git(repo, 'config', 'user.name', 'Test');
  git(repo, 'config', 'user.email', 'test@example.invalid');
  git(repo, 'branch', '-M', 'main');
  execFileSync('git', ['init', '-q', '--bare', '-b', 'main', origin]);
  git(repo, 'remote', 'add', 'origin', origin);
  git(repo, 'push', '-q', '-u', 'origin', 'main');
  const hook = path.join(repo, '.git', 'hooks', 'pre-commit');
  fs.writeFileSync(hook, `#!/bin/sh\necho "pre-commit says hi"\ntouch '${marker}'\n`, { mode: 0o755 });
  return { repo, origin, marker };
}

/** A finished run of `prompt` in `folder`; the session once the workspace knows it. */
async function finishedRun(body: Record<string, unknown>): Promise<{ sessionId: string; cwd: string }> {
  const { streamingId, sessionId } = await startOk(ctx.server, { permissionMode: 'acceptEdits', ...body });
  const stream = await openStream(ctx.server, streamingId);
  await stream.ended;
  const init = stream.events.find((event) => event.type === 'system_init');
  await waitFor(async () => (await status(sessionId)).status === 200, { message: 'the finished session is known' });
  return { sessionId, cwd: init?.type === 'system_init' ? init.cwd : '' };
}

const api = (sessionId: string, rest: string) => `/api/conversations/${sessionId}/git/${rest}`;
const status = (sessionId: string, base = 'head') => getJson(ctx.server, api(sessionId, `status?base=${base}`));
const changesOf = async (sessionId: string, base = 'head') => ((await status(sessionId, base)).body as unknown as GitStatus).changes;

describe('the changes of a conversation', () => {
  it('lists a fix run\'s edit with +1/-1 and its diff; stage and commit run the hook; push reaches origin', async () => {
    const { repo, origin, marker } = repoWithOrigin('git-fix');
    const { sessionId } = await finishedRun({ workingDirectory: repo, initialPrompt: 'please fix hello.txt' });
    fs.writeFileSync(path.join(repo, 'notes.txt'), 'one\ntwo\n');

    const head = (await status(sessionId)).body as unknown as GitStatus;
    expect(head).toMatchObject({ repository: true, root: repo, branch: 'main', upstream: 'origin/main', ahead: 0, behind: 0 });
    expect(head.changes).toEqual([
      { path: 'hello.txt', status: 'modified', staged: false, added: 1, removed: 1 },
      { path: 'notes.txt', status: 'untracked', staged: false, added: 2, removed: 0 },
    ]);
    expect(await changesOf(sessionId, 'initial')).toEqual([{ path: 'hello.txt', status: 'modified', staged: false, added: 1, removed: 1 }, expect.objectContaining({ path: 'notes.txt' })]);
    expect((await getJson(ctx.server, api(sessionId, 'diff?path=hello.txt'))).body).toEqual({ path: 'hello.txt', oldText: 'helo wrld\n', newText: 'hello world\n', binary: false });

    expect((await postJson(ctx.server, api(sessionId, 'stage'), { paths: ['hello.txt'] })).status).toBe(200);
    expect(await changesOf(sessionId)).toEqual([
      { path: 'hello.txt', status: 'modified', staged: true, added: 1, removed: 1 },
      expect.objectContaining({ path: 'notes.txt', staged: false }),
    ]);
    const commit = await postJson(ctx.server, api(sessionId, 'commit'), { message: 'Fix the greeting' });
    expect(commit).toMatchObject({ status: 200, body: { output: expect.stringContaining('pre-commit says hi') } });
    expect(git(repo, 'log', '-1', '--format=%H %s').trim()).toBe(`${commit.body.commit as string} Fix the greeting`);
    expect(fs.existsSync(marker)).toBe(true);
    expect((await status(sessionId)).body).toMatchObject({ ahead: 1, behind: 0 });

    expect((await postJson(ctx.server, api(sessionId, 'remote'), { operation: 'push' })).status).toBe(200);
    expect(git(origin, 'rev-parse', 'main').trim()).toBe(commit.body.commit);
    expect((await getJson(ctx.server, api(sessionId, 'branches'))).body).toEqual({ branches: [{ name: 'main', current: true, upstream: 'origin/main', ahead: 0, behind: 0 }] });
  });

  it("shows a failing hook's message, discards a file, and deletes untracked files only once named", async () => {
    const { repo } = repoWithOrigin('git-discard');
    const { sessionId } = await finishedRun({ workingDirectory: repo, initialPrompt: 'please fix hello.txt' });
    fs.writeFileSync(path.join(repo, '.git', 'hooks', 'pre-commit'), '#!/bin/sh\necho "lint failed: tabs" >&2\nexit 1\n', { mode: 0o755 });
    await postJson(ctx.server, api(sessionId, 'stage'), { all: true });
    expect(await postJson(ctx.server, api(sessionId, 'commit'), { message: 'nope' })).toMatchObject({ status: 422, body: { code: 'git.failed', error: expect.stringContaining('lint failed: tabs') } });
    await postJson(ctx.server, api(sessionId, 'unstage'), { all: true });

    expect((await postJson(ctx.server, api(sessionId, 'discard'), { path: 'hello.txt' })).status).toBe(200);
    expect(fs.readFileSync(path.join(repo, 'hello.txt'), 'utf8')).toBe('helo wrld\n');

    fs.mkdirSync(path.join(repo, 'new'));
    fs.writeFileSync(path.join(repo, 'new', 'a.txt'), 'a\n');
    expect(await postJson(ctx.server, api(sessionId, 'discard'), { path: 'new' })).toMatchObject({ status: 409, body: { code: 'git.confirm_untracked', error: expect.stringContaining('new/a.txt') } });
    expect(fs.existsSync(path.join(repo, 'new', 'a.txt'))).toBe(true);
    expect((await postJson(ctx.server, api(sessionId, 'discard'), { path: 'new', deleteUntracked: ['new/a.txt'] })).status).toBe(200);
    expect(fs.existsSync(path.join(repo, 'new', 'a.txt'))).toBe(false);
    expect(await changesOf(sessionId)).toEqual([]);

    for (const bad of ['../outside.txt', 'a/../../b', '/etc/passwd']) {
      expect(await postJson(ctx.server, api(sessionId, 'discard'), { path: bad })).toMatchObject({ status: 400, body: { code: 'git.invalid_path' } });
      expect(await getJson(ctx.server, api(sessionId, `diff?path=${encodeURIComponent(bad)}`))).toMatchObject({ status: 400, body: { code: 'git.invalid_path' } });
    }
    expect(await postJson(ctx.server, api(sessionId, 'branches'), { name: '-x', create: true })).toMatchObject({ status: 400, body: { code: 'git.invalid_branch' } });
    expect((await postJson(ctx.server, api(sessionId, 'branches'), { name: 'topic', create: true, switch: true })).status).toBe(200);
    expect(git(repo, 'rev-parse', '--abbrev-ref', 'HEAD').trim()).toBe('topic');
  });

  it("gives a worktree session its own worktree's status", async () => {
    const { repo } = repoWithOrigin('git-worktree');
    const { sessionId, cwd } = await finishedRun({ workingDirectory: repo, initialPrompt: 'write a file', worktree: true });
    const head = (await status(sessionId)).body as unknown as GitStatus;
    expect(head).toMatchObject({ repository: true, root: cwd, branch: `worktree-${path.basename(cwd)}` });
    expect(head.changes).toEqual([{ path: 'new.txt', status: 'untracked', staged: false, added: 2, removed: 0 }]);
    expect(git(repo, 'status', '--porcelain', '--', 'hello.txt', 'new.txt')).toBe('');
  });

  it('refuses a destructive action while a run holds the folder, and says when a folder is outside git', async () => {
    const { repo } = repoWithOrigin('git-held');
    const { streamingId, sessionId } = await startOk(ctx.server, { workingDirectory: repo, initialPrompt: 'hold on [gate:git-held]' });
    const stream = await openStream(ctx.server, streamingId);
    await ctx.fake.gates.whenHeld('git-held');
    fs.writeFileSync(path.join(repo, 'hello.txt'), 'changed\n');
    const held = await postJson(ctx.server, api(sessionId, 'discard'), { path: 'hello.txt' });
    expect(held).toMatchObject({ status: 409, body: { code: 'git.held', error: expect.stringContaining('run') } });
    expect(await postJson(ctx.server, api(sessionId, 'remote'), { operation: 'pull' })).toMatchObject({ status: 409, body: { code: 'git.held' } });
    expect(fs.readFileSync(path.join(repo, 'hello.txt'), 'utf8')).toBe('changed\n');
    ctx.fake.gates.release('git-held');
    await stream.ended;

    const plain = path.join(ctx.server.dirs.work, 'git-plain');
    fs.mkdirSync(plain, { recursive: true });
    const { sessionId: outside } = await finishedRun({ workingDirectory: plain, initialPrompt: 'hi' });
    expect((await status(outside)).body).toEqual({ repository: false, folder: plain, base: 'head', changes: [] });
    expect(await postJson(ctx.server, api(outside, 'stage'), { all: true })).toMatchObject({ status: 400, body: { code: 'git.not_a_repository' } });
  });
});
