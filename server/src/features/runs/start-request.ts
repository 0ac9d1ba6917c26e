import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { PermissionMode, type StartConversationRequest } from '@cui/contract';
import { transcriptExists } from '../../cli/transcript-path';
import { newWorktreeName } from '../../cli/worktree';
import { AppError } from '../../platform/app-error';
import type { SessionInfoStore } from '../sessions/index';

/** A start request checked against the machine: every path exists, every inherited setting resolved. */
export interface ResolvedStart {
  prompt: string;
  workingDirectory: string;
  executablePath: string;
  permissionMode: PermissionMode;
  model?: string;
  systemPrompt?: string;
  resumeSessionId?: string;
  /** The run works in a new git worktree of this name (the CLI makes it in the repository at `workingDirectory`). */
  worktreeName?: string;
  maxBudgetUsd?: number;
  /** The resumed session's initial commit: a follow-up keeps the commit its conversation started from. */
  inheritedCommitHead?: string;
}

export interface StartDeps {
  defaultExecutablePath: string;
  claudeProjectsDir: string;
  sessionInfo: SessionInfoStore;
}

async function checkWorkingDirectory(dir: string): Promise<string> {
  if (!path.isAbsolute(dir)) throw new AppError('validation.failed', `workingDirectory must be an absolute path: ${dir}`);
  const stat = await fs.stat(dir).catch(() => undefined);
  if (!stat) throw new AppError('validation.failed', `workingDirectory does not exist: ${dir}`);
  if (!stat.isDirectory()) throw new AppError('fs.not_a_directory', `workingDirectory is not a directory: ${dir}`);
  return path.resolve(dir);
}

async function checkExecutable(file: string): Promise<string> {
  // A relative path would be looked up from the working directory by spawn but checked here from the server's.
  if (!path.isAbsolute(file)) throw new AppError('validation.failed', `claudeExecutablePath must be an absolute path: ${file}`);
  const stat = await fs.stat(file).catch(() => undefined);
  if (!stat) throw new AppError('cli.not_found', `Claude executable not found: ${file}`);
  if (!stat.isFile()) throw new AppError('cli.not_executable', `Claude executable is not a file: ${file}`);
  try {
    await fs.access(file, fs.constants.X_OK);
  } catch {
    throw new AppError('cli.not_executable', `Claude executable is not executable: ${file}`);
  }
  return file;
}

/**
 * Validates what the contract cannot (paths on this machine, the session to resume) and resolves the run's
 * settings. On a resume, an omitted permission mode is the old session's stored one.
 */
export async function resolveStart(request: StartConversationRequest, deps: StartDeps): Promise<ResolvedStart> {
  const workingDirectory = await checkWorkingDirectory(request.workingDirectory);
  const executablePath = await checkExecutable(request.claudeExecutablePath ?? deps.defaultExecutablePath);
  const resolved: ResolvedStart = {
    prompt: request.initialPrompt,
    workingDirectory,
    executablePath,
    permissionMode: request.permissionMode ?? 'default',
    ...(request.model ? { model: request.model } : {}),
    ...(request.systemPrompt ? { systemPrompt: request.systemPrompt } : {}),
    ...(request.maxBudgetUsd !== undefined ? { maxBudgetUsd: request.maxBudgetUsd } : {}),
  };
  const resumed = request.resumedSessionId;
  if (request.worktree) {
    if (resumed) throw new AppError('validation.failed', 'worktree cannot be combined with resumedSessionId: a follow-up continues in its session\'s folder');
    if (!(await isGitRepository(workingDirectory))) throw new AppError('validation.failed', `worktree needs a git repository: ${workingDirectory} is not in one`);
    return { ...resolved, worktreeName: newWorktreeName() };
  }
  if (!resumed) return resolved;
  if (!(await transcriptExists(deps.claudeProjectsDir, resumed))) {
    throw new AppError('session.not_found', `Conversation ${resumed} not found: there is no history to resume`);
  }
  const old = deps.sessionInfo.get(resumed);
  const storedMode = PermissionMode.safeParse(old.permission_mode);
  return {
    ...resolved,
    resumeSessionId: resumed,
    permissionMode: request.permissionMode ?? (storedMode.success ? storedMode.data : 'default'),
    ...(old.initial_commit_head ? { inheritedCommitHead: old.initial_commit_head } : {}),
  };
}

/** Whether a directory is inside a git work tree with at least one commit (a worktree branches from HEAD). */
async function isGitRepository(cwd: string): Promise<boolean> {
  return (await captureGitHead(cwd)) !== undefined;
}

/** `git rev-parse HEAD` in a directory (no shell); undefined outside a repository or without commits. */
export function captureGitHead(cwd: string): Promise<string | undefined> {
  return new Promise((resolve) => {
    execFile('git', ['rev-parse', '--verify', '--quiet', 'HEAD'], { cwd, timeout: 5000, windowsHide: true }, (error, stdout) => {
      const head = String(stdout).trim();
      resolve(!error && /^[0-9a-f]{40,64}$/.test(head) ? head : undefined);
    });
  });
}
