import { z } from 'zod';
import { defineRoute } from './route';
import { SessionParams } from './sessions';

/**
 * Git review and commit of a conversation's folder or worktree (issue 24 points 1, 2). Every route acts on the git
 * work tree holding the conversation's folder (the workspace); git runs with an argument list, paths after `--`.
 * Errors: 404 `session.not_found`; 400 `git.not_a_repository` (the folder is outside git), `git.invalid_path`
 * (`..`, absolute, outside the repository), `git.invalid_branch`, `validation.failed`; 409 `git.busy` (another
 * operation runs on the repository), `git.held` (a destructive action while a run or terminal CLI holds the folder),
 * `git.confirm_untracked` (discarding untracked files not named in `deleteUntracked`); 422 `git.failed` (git's own
 * message: a hook, a conflict, a remote that refused or asked for credentials); 504 `git.timeout`.
 */

/** How a file differs: the porcelain v2 letters folded to words. */
export const GitFileStatus = z.enum(['modified', 'added', 'deleted', 'renamed', 'untracked', 'conflicted']);
export type GitFileStatus = z.infer<typeof GitFileStatus>;

/** One changed file, relative to the repository root (`/`-separated). */
export const GitChange = z.object({
  path: z.string(),
  /** A rename's or copy's original path. */
  origPath: z.string().optional(),
  status: GitFileStatus,
  /** Staged in the index (part of the next commit); unstaged otherwise (a file with both shows twice). */
  staged: z.boolean(),
  /** Lines added and removed; absent for a binary file. */
  added: z.number().int().optional(),
  removed: z.number().int().optional(),
});
export type GitChange = z.infer<typeof GitChange>;

/** `head`: the working tree against HEAD (staged and unstaged); `initial`: against the commit the session started from. */
export const GitBase = z.enum(['head', 'initial']);
export type GitBase = z.infer<typeof GitBase>;

export const GitStatusQuery = z.object({ base: GitBase.default('head') });

export const GitStatus = z.object({
  /** False when the folder is outside git: only `folder` is set then. */
  repository: z.boolean(),
  folder: z.string(),
  root: z.string().optional(),
  /** The branch checked out; absent on a detached HEAD. */
  branch: z.string().optional(),
  head: z.string().optional(),
  upstream: z.string().optional(),
  ahead: z.number().int().optional(),
  behind: z.number().int().optional(),
  /** The commit the session started from (`initial_commit_head`), when recorded. */
  initialCommit: z.string().optional(),
  base: GitBase,
  changes: z.array(GitChange),
});
export type GitStatus = z.infer<typeof GitStatus>;

const RepoPath = z.string().min(1, 'path is required').max(4096).meta({ title: 'File (relative to the repository)' });

export const GitDiffQuery = z.object({
  path: RepoPath,
  /** `staged`: index against HEAD; otherwise the working tree against `base`. */
  staged: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
  base: GitBase.default('head'),
});

/** The two texts the diff viewer shows ('' for a side where the file is absent); `binary` texts are left empty. */
export const GitDiff = z.object({ path: z.string(), oldText: z.string(), newText: z.string(), binary: z.boolean() });
export type GitDiff = z.infer<typeof GitDiff>;

/** Files to act on, or `all`. */
export const GitPathsRequest = z.strictObject({
  paths: z.array(RepoPath).max(10_000).optional(),
  all: z.boolean().optional(),
});
export type GitPathsRequest = z.infer<typeof GitPathsRequest>;

export const GitCommitRequest = z.strictObject({ message: z.string().trim().min(1, 'message is required').max(100_000).meta({ title: 'Commit message' }) });
export type GitCommitRequest = z.infer<typeof GitCommitRequest>;

/** What git printed (hooks' output included) and, for a commit, the new commit's id. */
export const GitOutput = z.object({ output: z.string(), commit: z.string().optional() });
export type GitOutput = z.infer<typeof GitOutput>;

export const GitDiscardRequest = z.strictObject({
  path: RepoPath,
  /** The untracked files the user agreed to delete (each by name); others are refused with `git.confirm_untracked`. */
  deleteUntracked: z.array(RepoPath).max(10_000).optional(),
});
export type GitDiscardRequest = z.infer<typeof GitDiscardRequest>;

export const GitBranch = z.object({
  name: z.string(),
  current: z.boolean(),
  upstream: z.string().optional(),
  ahead: z.number().int().optional(),
  behind: z.number().int().optional(),
});
export type GitBranch = z.infer<typeof GitBranch>;
export const GitBranches = z.object({ branches: z.array(GitBranch) });
export type GitBranches = z.infer<typeof GitBranches>;

export const GitBranchRequest = z.strictObject({
  name: z.string().min(1, 'name is required').max(250).meta({ title: 'Branch' }),
  /** Create the branch from HEAD (and switch to it with `switch`). */
  create: z.boolean().optional(),
  switch: z.boolean().optional(),
});
export type GitBranchRequest = z.infer<typeof GitBranchRequest>;

export const GitRemoteRequest = z.strictObject({ operation: z.enum(['fetch', 'pull', 'push']) });
export type GitRemoteRequest = z.infer<typeof GitRemoteRequest>;

const base = '/api/conversations/:sessionId/git';

export const gitRoutes = {
  status: defineRoute({
    name: 'getGitStatus',
    summary: "The conversation's changed files with +/- against HEAD or its initial commit, branch and ahead/behind. Outside git: repository false. 404 session.not_found.",
    method: 'GET', path: `${base}/status`, params: SessionParams, query: GitStatusQuery, response: GitStatus,
  }),
  diff: defineRoute({
    name: 'getGitDiff',
    summary: "One file's old and new text for the diff viewer. 400 git.not_a_repository, git.invalid_path.",
    method: 'GET', path: `${base}/diff`, params: SessionParams, query: GitDiffQuery, response: GitDiff,
  }),
  stage: defineRoute({
    name: 'stageGitFiles',
    summary: 'git add of files or all. 400 git.invalid_path; 409 git.busy; 422 git.failed.',
    method: 'POST', path: `${base}/stage`, params: SessionParams, body: GitPathsRequest, response: GitOutput,
  }),
  unstage: defineRoute({
    name: 'unstageGitFiles',
    summary: 'git restore --staged of files or all. 400 git.invalid_path; 409 git.busy; 422 git.failed.',
    method: 'POST', path: `${base}/unstage`, params: SessionParams, body: GitPathsRequest, response: GitOutput,
  }),
  commit: defineRoute({
    name: 'commitGit',
    summary: "Commits the staged files with a message; the repository's hooks run and their output is returned. 409 git.busy; 422 git.failed (a hook's message).",
    method: 'POST', path: `${base}/commit`, params: SessionParams, body: GitCommitRequest, response: GitOutput,
  }),
  discard: defineRoute({
    name: 'discardGitFile',
    summary: "Discards a file's changes (untracked: deleted once named in deleteUntracked). 400 git.invalid_path; 409 git.held, git.confirm_untracked, git.busy.",
    method: 'POST', path: `${base}/discard`, params: SessionParams, body: GitDiscardRequest, response: GitOutput,
  }),
  branches: defineRoute({
    name: 'listGitBranches',
    summary: 'Local branches with their upstream and ahead/behind. 400 git.not_a_repository.',
    method: 'GET', path: `${base}/branches`, params: SessionParams, response: GitBranches,
  }),
  branch: defineRoute({
    name: 'changeGitBranch',
    summary: 'Creates and/or switches to a branch. 400 git.invalid_branch; 409 git.held (switch), git.busy; 422 git.failed.',
    method: 'POST', path: `${base}/branches`, params: SessionParams, body: GitBranchRequest, response: GitOutput,
  }),
  remote: defineRoute({
    name: 'syncGitRemote',
    summary: "fetch, pull --ff-only or push with the user's own credentials (never asked for). 409 git.held (pull), git.busy; 422 git.failed (git's message); 504 git.timeout.",
    method: 'POST', path: `${base}/remote`, params: SessionParams, body: GitRemoteRequest, response: GitOutput,
  }),
};
