import { execFileSync } from 'node:child_process';
import type { ConversationSummary, WorkingDirectory } from '@cui/contract';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeRepo } from '../../fake-model/test-support';
import { waitFor } from './helpers';
import { getJson, openStream, postJson, postStart, startOk, useRunServer } from './runs-support';

/** Worktree per session (issue 18, point 5): the CLI's own `--worktree`, and discarding it with its branch. */

const ctx = useRunServer();

const git = (repo: string, ...args: string[]): string => execFileSync('git', ['-C', repo, ...args], { encoding: 'utf8' });
const branches = (repo: string): string[] => git(repo, 'branch', '--format=%(refname:short)').split('\n').filter(Boolean);

describe('a run in a worktree', () => {
  it('changes files only in its worktree, on its own branch; discard removes the worktree and the branch', async () => {
    const repo = makeRepo(path.join(ctx.server.dirs.work, 'wt-write'));
    const { streamingId, sessionId } = await startOk(ctx.server, { workingDirectory: repo, initialPrompt: 'write a file', permissionMode: 'acceptEdits', worktree: true });
    const stream = await openStream(ctx.server, streamingId);
    await stream.ended;
    const init = stream.events.find((event) => event.type === 'system_init');
    const folder = init?.type === 'system_init' ? init.cwd : '';
    expect(folder).toMatch(new RegExp(`^${repo.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/\\.claude/worktrees/cui-[0-9a-f]{8}$`));
    expect(stream.events.at(-1)).toMatchObject({ type: 'closed', reason: 'completed' });
    const name = path.basename(folder);
    expect(fs.existsSync(path.join(folder, 'new.txt'))).toBe(true);
    expect(fs.existsSync(path.join(repo, 'new.txt'))).toBe(false);
    expect(git(repo, 'status', '--porcelain', '--', 'hello.txt', 'new.txt')).toBe('');
    expect(branches(repo)).toContain(`worktree-${name}`);
    expect(git(folder, 'rev-parse', '--abbrev-ref', 'HEAD').trim()).toBe(`worktree-${name}`);

    // Its history is listed under the repository.
    const underRepo = await waitFor(async () => {
      const { body } = await getJson(ctx.server, `/api/conversations?projectPath=${encodeURIComponent(repo)}`);
      return (body.conversations as ConversationSummary[]).find((c) => c.sessionId === sessionId);
    }, { message: 'the worktree session listed under its repository' });
    expect(underRepo.projectPath).toBe(folder);
    const { body: dirs } = await getJson(ctx.server, '/api/working-directories');
    const paths = (dirs.directories as WorkingDirectory[]).map((d) => d.path);
    expect(paths).toContain(repo);
    expect(paths).not.toContain(folder);

    expect(await postJson(ctx.server, '/api/worktrees/discard', { path: folder })).toEqual({ status: 200, body: { success: true, path: folder, branch: `worktree-${name}` } });
    expect(fs.existsSync(folder)).toBe(false);
    expect(branches(repo)).not.toContain(`worktree-${name}`);
    expect(git(repo, 'worktree', 'list', '--porcelain')).not.toContain(folder);
    expect(await postJson(ctx.server, '/api/worktrees/discard', { path: folder })).toMatchObject({ status: 404, body: { code: 'worktree.not_found' } });
  });

  it('refuses to discard a worktree a run works in', async () => {
    const repo = makeRepo(path.join(ctx.server.dirs.work, 'wt-busy'));
    const { streamingId } = await startOk(ctx.server, { workingDirectory: repo, initialPrompt: 'hold on [gate:wt-busy]', worktree: true });
    const stream = await openStream(ctx.server, streamingId);
    const init = await stream.next((event) => event.type === 'system_init');
    const folder = init.type === 'system_init' ? init.cwd : '';
    await ctx.fake.gates.whenHeld('wt-busy');
    expect(await postJson(ctx.server, '/api/worktrees/discard', { path: folder })).toMatchObject({ status: 409, body: { code: 'worktree.busy' } });
    ctx.fake.gates.release('wt-busy');
    await stream.ended;
    expect((await postJson(ctx.server, '/api/worktrees/discard', { path: folder })).status).toBe(200);
  });
});

describe('bad worktree input', () => {
  it('answers 400 for a worktree outside a git repository or with a resume, and 400/404 for a bad discard', async () => {
    const plain = path.join(ctx.server.dirs.work, 'wt-plain');
    fs.mkdirSync(plain, { recursive: true });
    expect(await postStart(ctx.server, { workingDirectory: plain, initialPrompt: 'hi', worktree: true })).toMatchObject({ status: 400, body: { code: 'validation.failed' } });
    const repo = makeRepo(path.join(ctx.server.dirs.work, 'wt-bad'));
    const resumed = { workingDirectory: repo, initialPrompt: 'hi', worktree: true, resumedSessionId: '00000000-0000-4000-8000-000000000000' };
    expect(await postStart(ctx.server, resumed)).toMatchObject({ status: 400, body: { code: 'validation.failed' } });

    expect(await postJson(ctx.server, '/api/worktrees/discard', { path: '' })).toMatchObject({ status: 400, body: { code: 'validation.failed' } });
    expect(await postJson(ctx.server, '/api/worktrees/discard', {})).toMatchObject({ status: 400, body: { code: 'validation.failed' } });
    expect(await postJson(ctx.server, '/api/worktrees/discard', { path: repo })).toMatchObject({ status: 404, body: { code: 'worktree.not_found' } });
    expect(await postJson(ctx.server, '/api/worktrees/discard', { path: 'relative/.claude/worktrees/cui-0123abcd' })).toMatchObject({ status: 404, body: { code: 'worktree.not_found' } });
    expect(await postJson(ctx.server, '/api/worktrees/discard', { path: path.join(repo, '.claude/worktrees/cui-0123abcd') })).toMatchObject({ status: 404, body: { code: 'worktree.not_found' } });
    expect(fs.existsSync(path.join(repo, 'hello.txt'))).toBe(true);
  });

  it('tells whether a folder can get a worktree', async () => {
    const repo = makeRepo(path.join(ctx.server.dirs.work, 'wt-check'));
    const plain = path.join(ctx.server.dirs.work, 'wt-check-plain');
    fs.mkdirSync(plain, { recursive: true });
    const check = (folder: string) => getJson(ctx.server, `/api/worktrees/repository?path=${encodeURIComponent(folder)}`);
    expect(await check(repo)).toEqual({ status: 200, body: { repository: true } });
    expect(await check(plain)).toEqual({ status: 200, body: { repository: false } });
    expect(await check(path.join(plain, 'missing'))).toEqual({ status: 200, body: { repository: false } });
    expect(await check('relative')).toEqual({ status: 200, body: { repository: false } });
    expect(await getJson(ctx.server, '/api/worktrees/repository')).toMatchObject({ status: 400, body: { code: 'validation.failed' } });
  });
});
