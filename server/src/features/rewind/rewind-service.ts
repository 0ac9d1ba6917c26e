import type { BranchResponse, MessageRef, RewindPreview, RewindResponse } from '@cui/contract';
import type { Logger } from 'pino';
import { AppError } from '../../platform/app-error';
import type { RunManager } from '../runs/index';
import type { Workspace } from '../workspace/index';
import type { BranchStore } from './branch-store';
import type { ForkSession } from './fork-session';

export interface RewindDeps {
  logger: Logger;
  workspace: Workspace;
  runs: Pick<RunManager, 'openControl'>;
  /** Resolves once the session index has read the transcripts on disk (a new branch's), so it opens at once. */
  indexed(): Promise<void>;
  branches: BranchStore;
  fork: ForkSession;
  claudeConfigDir: string;
  executablePath: string;
}

export interface RewindService {
  preview(sessionId: string, ref: MessageRef): Promise<RewindPreview>;
  restore(sessionId: string, ref: MessageRef): Promise<RewindResponse>;
  branch(sessionId: string, ref: MessageRef): Promise<BranchResponse>;
}

type RewindAnswer = { canRewind: boolean; error?: string; filesChanged?: string[]; insertions?: number; deletions?: number; skippedLinks?: number };

function toPreview(answer: RewindAnswer): RewindPreview {
  return {
    canRewind: answer.canRewind,
    ...(answer.error ? { error: answer.error } : {}),
    filesChanged: answer.filesChanged ?? [],
    insertions: answer.insertions ?? 0,
    deletions: answer.deletions ?? 0,
  };
}

export function createRewindService(deps: RewindDeps): RewindService {
  const log = deps.logger.child({ component: 'rewind' });
  /** Sessions with a rewind under way: one at a time each (a second gets 409). */
  const busy = new Set<string>();

  /** Refuses while the session's run works or a terminal CLI holds it; returns its folder. */
  const idleFolder = async (sessionId: string): Promise<string> => {
    const workspace = await deps.workspace.of(sessionId);
    if (workspace.holder?.kind === 'run' || busy.has(sessionId)) {
      throw new AppError('rewind.busy', `Conversation ${sessionId} is working: restore its files once its run has finished`);
    }
    if (workspace.holder?.kind === 'terminal') {
      throw new AppError('session.active_in_terminal', `Conversation ${sessionId} is running in a terminal: restore its files once that CLI has stopped`);
    }
    return workspace.folder;
  };

  /** Runs `work` on a CLI opened on the finished session, then ends that CLI. */
  const withControl = async <T>(sessionId: string, work: (rewind: (dryRun: boolean) => Promise<RewindAnswer>) => Promise<T>, messageId: string): Promise<T> => {
    const folder = await idleFolder(sessionId);
    busy.add(sessionId);
    try {
      const control = await deps.runs.openControl({ sessionId, workingDirectory: folder, executablePath: deps.executablePath });
      try {
        return await work((dryRun) => control.query.rewindFiles(messageId, { dryRun }));
      } finally {
        await control.close();
      }
    } finally {
      busy.delete(sessionId);
    }
  };

  return {
    preview: (sessionId, { messageId }) => withControl(sessionId, async (rewind) => toPreview(await rewind(true)), messageId),
    restore: (sessionId, { messageId }) =>
      withControl(
        sessionId,
        async (rewind) => {
          const preview = toPreview(await rewind(true));
          if (!preview.canRewind) throw new AppError('rewind.unavailable', preview.error ?? 'No file checkpoint found for this message.');
          const done = await rewind(false);
          if (!done.canRewind) throw new AppError('rewind.unavailable', done.error ?? 'The files could not be restored.');
          log.info({ sessionId, messageId, files: preview.filesChanged.length, skippedLinks: done.skippedLinks ?? 0 }, 'files restored to before a message');
          return { success: true as const, filesChanged: preview.filesChanged, skippedLinks: done.skippedLinks ?? 0 };
        },
        messageId,
      ),
    async branch(sessionId, { messageId }) {
      const { folder } = await deps.workspace.of(sessionId);
      let forked: { sessionId: string };
      try {
        forked = await deps.fork(sessionId, { dir: folder, upToMessageId: messageId, claudeConfigDir: deps.claudeConfigDir });
      } catch (error) {
        log.warn({ sessionId, messageId, err: error }, 'branch failed');
        throw new AppError('rewind.message_not_found', `Message ${messageId} of conversation ${sessionId} could not be branched from: ${(error as Error).message}`);
      }
      deps.branches.record(forked.sessionId, { sessionId, messageId });
      await deps.indexed();
      log.info({ sessionId, messageId, branch: forked.sessionId }, 'branched from a message');
      return { sessionId: forked.sessionId };
    },
  };
}
