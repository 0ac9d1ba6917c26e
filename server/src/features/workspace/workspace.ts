import { worktreeOf } from '@cui/contract';
import type { LiveRuns } from '../../context';
import { AppError } from '../../platform/app-error';
import type { TrustService } from '../trust/index';
import { repositoryRoot } from './repository-root';

/**
 * Who works a conversation now: one of this console's runs, a terminal (one of the console's, with its id, or a CLI in
 * a system terminal), or nobody (null).
 */
export type WorkspaceHolder = { kind: 'run'; streamingId: string } | { kind: 'terminal'; terminalId?: string } | null;

/** Everything the features acting on a conversation's files need to know about where it works. */
export interface ConversationWorkspace {
  sessionId: string;
  /** The folder the conversation works in (its cwd): its live run's, else the one its transcript records. */
  folder: string;
  /** The git worktree the console had the CLI make for it (`<repo>/.claude/worktrees/<name>`), if the folder is one. */
  worktree?: { repo: string; name: string; branch: string };
  /** The top of the git work tree holding the folder; absent outside git (or when the folder is gone). */
  repositoryRoot?: string;
  /** Whether the folder is trusted (a run there loads its own settings; see the trust feature). */
  trusted: boolean;
  holder: WorkspaceHolder;
  /** The commit HEAD was on when the conversation's first run started (`initial_commit_head`), when recorded. */
  initialCommit?: string;
}

/** The one place later features (git, files, terminal, rewind) learn a conversation's folder and who holds it. */
export interface Workspace {
  /** The conversation's workspace; `session.not_found` for a session neither indexed nor live. */
  of(sessionId: string): Promise<ConversationWorkspace>;
  /** Who works the conversation now (cheap: no git, no disk). */
  holder(sessionId: string): WorkspaceHolder;
  /** A console terminal opened in the conversation's folder holds it until the returned release is called. */
  holdInTerminal(sessionId: string, terminalId: string): () => void;
}

/** What the workspace reads from the sessions and follow features (ports, so it imports neither). */
export interface SessionFolders {
  /** The folder an indexed session's transcript records as its cwd, once the index is current; undefined when not indexed. */
  folderOf(sessionId: string): Promise<string | undefined>;
  /** Whether a CLI outside this console (a terminal) holds the session now. */
  activeInTerminal(sessionId: string): boolean;
}

export interface WorkspaceDeps {
  runs: Pick<LiveRuns, 'bySession'>;
  sessions: SessionFolders;
  trust: Pick<TrustService, 'trustedBy'>;
  /** Finds the repository root of a folder; `git rev-parse --show-toplevel` (repository-root.ts) when absent. */
  repositoryRoot?: (folder: string) => Promise<string | undefined>;
  /** The session's recorded `initial_commit_head` ('' or undefined when none). */
  initialCommitOf?: (sessionId: string) => string | undefined;
}

export function createWorkspace(deps: WorkspaceDeps): Workspace {
  /** Per conversation: the console terminals open in its folder, oldest first. */
  const terminals = new Map<string, string[]>();
  const holder = (sessionId: string): WorkspaceHolder => {
    const run = deps.runs.bySession(sessionId);
    if (run) return { kind: 'run', streamingId: run.streamingId };
    const terminalId = terminals.get(sessionId)?.[0];
    if (terminalId) return { kind: 'terminal', terminalId };
    return deps.sessions.activeInTerminal(sessionId) ? { kind: 'terminal' } : null;
  };
  return {
    holder,
    holdInTerminal(sessionId, terminalId) {
      terminals.set(sessionId, [...(terminals.get(sessionId) ?? []), terminalId]);
      return () => {
        const left = (terminals.get(sessionId) ?? []).filter((id) => id !== terminalId);
        if (left.length > 0) terminals.set(sessionId, left);
        else terminals.delete(sessionId);
      };
    },
    async of(sessionId) {
      const folder = deps.runs.bySession(sessionId)?.workingDirectory ?? (await deps.sessions.folderOf(sessionId));
      if (!folder) throw new AppError('session.not_found', `Conversation ${sessionId} not found`);
      const root = await (deps.repositoryRoot ?? repositoryRoot)(folder);
      const worktree = worktreeOf(folder);
      const initialCommit = deps.initialCommitOf?.(sessionId);
      return {
        sessionId,
        folder,
        ...(worktree ? { worktree } : {}),
        ...(root ? { repositoryRoot: root } : {}),
        trusted: deps.trust.trustedBy(folder) !== null,
        holder: holder(sessionId),
        ...(initialCommit ? { initialCommit } : {}),
      };
    },
  };
}
