import path from 'node:path';
import type { ConversationDetails, ConversationListQuery, ConversationListResponse, ConversationSummary, WorkingDirectory } from '@cui/contract';
import type { Logger } from 'pino';
import { readConversation, type ConversationSource } from '../../cli/transcript/conversation-details';
import { readConversationWindow, type WindowRequest } from '../../cli/transcript/conversation-window';
import { promptTitle } from '../../cli/transcript/transcript-line';
import type { LiveRunInfo, LiveRuns } from '../../context';
import type { IndexStore } from '../transcript-index/index';
import type { SessionInfoStore } from './session-info-store';
import type { createSessionQueries } from './session-queries';
import type { TerminalActivity } from './terminal-activity';

export interface SessionReadsDeps {
  logger: Logger;
  store: IndexStore;
  queries: ReturnType<typeof createSessionQueries>;
  sessionInfo: SessionInfoStore;
  runs: LiveRuns;
  terminal: TerminalActivity;
  suggestedDirectory?: string;
}

type Details = Pick<ConversationSource, 'write'>;

/** What the session index answers from what is indexed and live now (the caller waited for the index as needed). */
export class SessionReads {
  private readonly suggestion: WorkingDirectory | undefined;

  constructor(private readonly deps: SessionReadsDeps) {
    const dir = deps.suggestedDirectory;
    this.suggestion = dir ? { path: dir, shortname: path.basename(dir), lastDate: new Date().toISOString(), conversationCount: 0 } : undefined;
  }

  titleOf(sessionId: string, fallback: { resumedFrom?: string; prompt?: string } = {}): string {
    const known = (id: string): string => this.deps.sessionInfo.get(id).custom_name || (this.deps.store.metaOf(id)?.summary ?? '');
    return known(sessionId) || (fallback.resumedFrom ? known(fallback.resumedFrom) : '') || promptTitle(fallback.prompt ?? '');
  }

  list(query: ConversationListQuery): ConversationListResponse {
    const live = this.deps.runs.list().map((run) => ({ ...run, title: this.titleOf(run.sessionId, { prompt: run.initialPrompt, ...(run.resumedFrom ? { resumedFrom: run.resumedFrom } : {}) }) }));
    const result = this.deps.queries.list(query, live);
    return { conversations: result.conversations.map(this.withLiveStatus(this.deps.terminal.check())), total: result.total };
  }

  /** The indexed transcript's details; for a live run not written yet, the session it resumed, else an early stand-in. */
  async details(sessionId: string, window: WindowRequest | undefined): Promise<Details | undefined> {
    const details = await this.readDetails(sessionId, window);
    if (details && (details.messageCount > 0 || !this.deps.runs.bySession(sessionId))) return details;
    const run = this.deps.runs.bySession(sessionId);
    if (!run) return undefined;
    // A resumed run's transcript (the CLI's fork of the session it resumed) is written once the CLI gets to it:
    // until then the conversation so far is the resumed session's.
    const resumed = run.resumedFrom ? await this.readDetails(run.resumedFrom, window) : undefined;
    if (resumed && resumed.messageCount > 0) return resumed;
    return earlyDetails(run, window);
  }

  workingDirectories(): { directories: WorkingDirectory[]; totalCount: number } {
    const directories = this.withSuggestion(this.deps.queries.workingDirectories(this.deps.runs.list()));
    return { directories, totalCount: directories.length };
  }

  /** One session's transcript as details (a window of it when asked); undefined when it has no file. */
  private async readDetails(sessionId: string, window: WindowRequest | undefined) {
    const filePath = this.deps.store.filePathOf(sessionId);
    if (!filePath) return undefined;
    const meta = this.deps.store.metaOf(sessionId);
    const read = window ? readConversationWindow(filePath, meta, window) : readConversation(filePath, meta);
    const details = await read.catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined;
      throw error;
    });
    if (details && details.problems > 0) this.deps.logger.warn({ sessionId, skippedLines: details.problems }, 'transcript lines skipped');
    return details;
  }

  private withLiveStatus(inTerminal: (sessionId: string) => boolean) {
    return (row: ConversationSummary): ConversationSummary => {
      const run = this.deps.runs.bySession(row.sessionId);
      if (run) return { ...row, status: 'ongoing', streamingId: run.streamingId };
      return inTerminal(row.sessionId) ? { ...row, status: 'ongoing', liveSource: 'terminal' } : row;
    };
  }

  private withSuggestion(directories: WorkingDirectory[]): WorkingDirectory[] {
    const { suggestion } = this;
    return !suggestion || directories.some((d) => d.path === suggestion.path) ? directories : [suggestion, ...directories].sort((a, b) => b.lastDate.localeCompare(a.lastDate));
  }
}

/** A live run's conversation before its CLI wrote anything: its prompt as the title, no messages yet. */
function earlyDetails(run: LiveRunInfo, window: WindowRequest | undefined): Details {
  const early: ConversationDetails = {
    messages: [], summary: promptTitle(run.initialPrompt), projectPath: run.workingDirectory, metadata: run.model ? { model: run.model } : {},
    ...(window ? { window: { before: null } } : {}),
  };
  return { write: (sink) => sink(Buffer.from(JSON.stringify(early))) };
}
