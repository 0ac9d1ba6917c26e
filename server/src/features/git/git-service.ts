import fs from 'node:fs/promises';
import path from 'node:path';
import type { GitBase, GitBranches, GitBranchRequest, GitChange, GitDiff, GitDiscardRequest, GitOutput, GitPathsRequest, GitRemoteRequest, GitStatus } from '@cui/contract';
import { AppError } from '../../platform/app-error';
import type { ConversationWorkspace, Workspace } from '../workspace/index';
import { parseBranches } from './git-branches';
import { readDiff } from './git-diff';
import { branchName, repoPath } from './git-paths';
import { REMOTE_TIMEOUT_MS, type GitRunner } from './git-runner';
import { parseNameStatus, parseNumstat, parseStatus } from './git-status';
import { createRepoLocks } from './repo-lock';

/** A conversation's repository as the operations use it: the work tree's top and the key its worktrees share. */
interface Repo {
  workspace: ConversationWorkspace;
  root: string;
  key: string;
}

const HELD_REASON = { run: 'A run of the console is working in this folder: stop it first', terminal: 'A Claude Code CLI in a terminal holds this conversation: end it first' };

const output = (result: { stdout: string; stderr: string }) => (result.stdout + result.stderr).trim();

export function createGitService(deps: { workspace: Workspace; git: GitRunner }) {
  const { git } = deps;
  const locks = createRepoLocks();
  const commonDirs = new Map<string, string>();

  async function repo(sessionId: string): Promise<Repo> {
    const workspace = await deps.workspace.of(sessionId);
    const root = workspace.repositoryRoot;
    if (!root) throw new AppError('git.not_a_repository', `${workspace.folder} is not in a git repository`);
    let key = commonDirs.get(root);
    if (!key) {
      key = (await git.run({ cwd: root, args: ['rev-parse', '--path-format=absolute', '--git-common-dir'] })).stdout.trim();
      commonDirs.set(root, key);
    }
    return { workspace, root, key };
  }

  /** A changing operation: one per repository; `destructive` ones are refused while someone holds the folder. */
  async function change<T>(sessionId: string, work: (r: Repo) => Promise<T>, destructive = false): Promise<T> {
    const r = await repo(sessionId);
    const holder = destructive ? deps.workspace.holder(sessionId) : null;
    if (holder) throw new AppError('git.held', HELD_REASON[holder.kind]);
    return locks.exclusive(r.key, () => work(r));
  }

  const pathArgs = (r: Repo, body: GitPathsRequest): string[] => {
    if (body.all) return ['.'];
    if (!body.paths?.length) throw new AppError('validation.failed', 'Name the files, or all');
    return body.paths.map((p) => repoPath(r.root, p));
  };

  return {
    status: async (sessionId: string, base: GitBase) => status(git, await deps.workspace.of(sessionId), base),
    async diff(sessionId: string, query: { path: string; staged: boolean; base: GitBase }): Promise<GitDiff> {
      const r = await repo(sessionId);
      const file = repoPath(r.root, query.path);
      const from = query.staged ? 'HEAD' : query.base === 'initial' && r.workspace.initialCommit ? r.workspace.initialCommit : '';
      return readDiff(git, r.root, file, { from, to: query.staged ? 'index' : 'worktree' });
    },
    stage: (sessionId: string, body: GitPathsRequest) =>
      change(sessionId, async (r) => ({ output: output(await git.run({ cwd: r.root, args: ['add', '--all', '--', ...pathArgs(r, body)] })) })),
    unstage: (sessionId: string, body: GitPathsRequest) =>
      change(sessionId, async (r) => ({ output: output(await git.run({ cwd: r.root, args: ['reset', '--quiet', '--', ...pathArgs(r, body)] })) })),
    commit: (sessionId: string, message: string): Promise<GitOutput> =>
      change(sessionId, async (r) => {
        const result = await git.run({ cwd: r.root, args: ['commit', '-F', '-'], input: message });
        const head = await git.run({ cwd: r.root, args: ['rev-parse', 'HEAD'] });
        return { output: output(result), commit: head.stdout.trim() };
      }),
    discard: (sessionId: string, body: GitDiscardRequest) => change(sessionId, (r) => discard(git, r, body), true),
    async branches(sessionId: string): Promise<GitBranches> {
      const r = await repo(sessionId);
      const refs = await git.run({ cwd: r.root, args: ['for-each-ref', '--format=%(refname:short)%00%(upstream:short)%00%(upstream:track,nobracket)%00%(HEAD)', 'refs/heads'] });
      return { branches: parseBranches(refs.stdout) };
    },
    branch: (sessionId: string, body: GitBranchRequest) => change(sessionId, (r) => changeBranch(git, r, body), body.switch === true),
    remote: (sessionId: string, body: GitRemoteRequest) => change(sessionId, (r) => remote(git, r, body.operation), body.operation === 'pull'),
  };
}

export type GitService = ReturnType<typeof createGitService>;

async function status(git: GitRunner, workspace: ConversationWorkspace, base: GitBase): Promise<GitStatus> {
  const root = workspace.repositoryRoot;
  if (!root) return { repository: false, folder: workspace.folder, base, changes: [] };
  const initialCommit = workspace.initialCommit;
  const [porcelain, sinceInitial] = await Promise.all([
    git.run({ cwd: root, args: ['--no-optional-locks', 'status', '--porcelain=v2', '-z', '--branch', '--untracked-files=all'] }),
    base === 'initial' && initialCommit ? initialChanges(git, root, initialCommit) : undefined,
  ]);
  const parsed = parseStatus(porcelain.stdout);
  const untracked = parsed.changes.filter((c) => c.status === 'untracked');
  const tracked = base === 'head' ? await headCounts(git, root, parsed.changes.filter((c) => c.status !== 'untracked')) : (sinceInitial ?? []);
  return {
    repository: true, folder: workspace.folder, root, ...parsed.branch, ...(initialCommit ? { initialCommit } : {}), base,
    changes: [...tracked, ...(await Promise.all(untracked.map((c) => countLines(root, c))))],
  };
}

/** Numstat of the staged and the unstaged changes, limited to the changed paths (git then stats those files only). */
async function headCounts(git: GitRunner, root: string, changes: GitChange[]): Promise<GitChange[]> {
  const numstat = (staged: boolean) => {
    const paths = [...new Set(changes.filter((c) => c.staged === staged).flatMap((c) => (c.origPath ? [c.path, c.origPath] : [c.path])))];
    if (paths.length === 0) return Promise.resolve('');
    const limit = paths.length <= PATHSPEC_LIMIT ? ['--', ...paths] : [];
    return git.run({ cwd: root, args: ['diff', ...(staged ? ['--cached', '-M'] : []), '--numstat', '-z', ...limit] }).then((r) => r.stdout);
  };
  const [staged, unstaged] = await Promise.all([numstat(true), numstat(false)]);
  return withCounts(changes, staged, unstaged);
}

/** Beyond this many changed paths the numstat runs over the whole tree (an argument list has a size limit). */
const PATHSPEC_LIMIT = 2000;

async function initialChanges(git: GitRunner, root: string, commit: string): Promise<GitChange[]> {
  const [names, counts] = await Promise.all([
    git.run({ cwd: root, args: ['diff', '--name-status', '-z', '-M', commit, '--'] }),
    git.run({ cwd: root, args: ['diff', '--numstat', '-z', '-M', commit, '--'] }),
  ]);
  return withCounts(parseNameStatus(names.stdout), '', counts.stdout);
}


async function discard(git: GitRunner, r: Repo, body: GitDiscardRequest): Promise<GitOutput> {
  const file = repoPath(r.root, body.path);
  const listed = parseStatus((await git.run({ cwd: r.root, args: ['status', '--porcelain=v2', '-z', '--untracked-files=all', '--', file] })).stdout).changes;
  const fresh = [...new Set(listed.filter((c) => c.status === 'untracked' || (c.staged && c.status === 'added')).map((c) => c.path))];
  const agreed = new Set((body.deleteUntracked ?? []).map((p) => repoPath(r.root, p)));
  const unnamed = fresh.filter((p) => !agreed.has(p));
  if (unnamed.length > 0) throw new AppError('git.confirm_untracked', `These files are not in git and would be deleted: ${unnamed.join(', ')}`);
  const tracked = [...new Set(listed.map((c) => c.path))].filter((p) => !fresh.includes(p));
  const out: string[] = [];
  if (tracked.length > 0) out.push(output(await git.run({ cwd: r.root, args: ['restore', '--source=HEAD', '--staged', '--worktree', '--', ...tracked] })));
  for (const p of fresh) {
    await git.run({ cwd: r.root, args: ['rm', '--cached', '--quiet', '--ignore-unmatch', '--', p] });
    await fs.rm(path.join(r.root, p), { force: true });
  }
  return { output: out.join('\n') };
}

async function changeBranch(git: GitRunner, r: Repo, body: GitBranchRequest): Promise<GitOutput> {
  const name = branchName(body.name);
  await git.run({ cwd: r.root, args: ['check-ref-format', '--branch', name] }).catch(() => {
    throw new AppError('git.invalid_branch', `Not a valid branch name: ${name}`);
  });
  const args = body.switch ? ['switch', ...(body.create ? ['-c'] : []), name] : ['branch', name];
  if (!body.switch && !body.create) throw new AppError('validation.failed', 'Ask to create or switch');
  return { output: output(await git.run({ cwd: r.root, args })) };
}

async function remote(git: GitRunner, r: Repo, operation: GitRemoteRequest['operation']): Promise<GitOutput> {
  const run = (args: string[]) => git.run({ cwd: r.root, args, timeoutMs: REMOTE_TIMEOUT_MS });
  if (operation === 'fetch') return { output: output(await run(['fetch'])) };
  if (operation === 'pull') return { output: output(await run(['pull', '--ff-only'])) };
  const { branch } = parseStatus((await git.run({ cwd: r.root, args: ['--no-optional-locks', 'status', '--porcelain=v2', '-z', '--branch', '--untracked-files=no'] })).stdout);
  if (branch.upstream || !branch.branch) return { output: output(await run(['push'])) };
  const remotes = (await git.run({ cwd: r.root, args: ['remote'] })).stdout.split('\n').filter(Boolean);
  const target = remotes.includes('origin') ? 'origin' : remotes[0];
  if (!target) throw new AppError('git.failed', 'This repository has no remote to push to');
  return { output: output(await run(['push', '--set-upstream', target, `HEAD:refs/heads/${branch.branch}`])) };
}

/** Adds +/- from the staged (index) and unstaged numstat to each change. */
function withCounts(changes: GitChange[], staged: string, unstaged: string): GitChange[] {
  const counts = { staged: parseNumstat(staged), unstaged: parseNumstat(unstaged) };
  return changes.map((c) => {
    const count = (c.staged ? counts.staged : counts.unstaged).get(c.path);
    return count ? { ...c, ...count } : c;
  });
}

const COUNT_LIMIT = 1024 * 1024;

/** An untracked file's lines, all added (absent for a binary or large file). */
async function countLines(root: string, change: GitChange): Promise<GitChange> {
  const data = await fs.readFile(path.join(root, change.path)).catch(() => undefined);
  if (!data || data.length > COUNT_LIMIT || data.subarray(0, 8000).includes(0)) return change;
  let lines = 0;
  for (const byte of data) if (byte === 10) lines++;
  if (data.length > 0 && data[data.length - 1] !== 10) lines++;
  return { ...change, added: lines, removed: 0 };
}
