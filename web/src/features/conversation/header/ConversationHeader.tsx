import type { ContextUsage, ConversationSummary, ToolMetrics } from '@cui/contract';
import type { ReactNode } from 'react';
import { Archive, ArchiveRestore, ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ToolsPanelButton, type ToolsPanelTab } from '@/features/mcp';
import { RewindButton } from '@/features/rewind';
import { FilesButton } from '@/features/files';
import { ScheduledBadge } from '@/features/schedules';
import { Button, IconButton, Tooltip } from '@/ui';
import { HeaderMenu } from './HeaderMenu';
import { HeaderSubtitle } from './HeaderSubtitle';
import { subtitleParts } from './subtitle';
import { TitleEditor } from './TitleEditor';
import { useTitleEditor } from './use-title-editor';
import { UsageSummary } from './UsageSummary';
import { WorktreeBadge } from './WorktreeBadge';

export interface ConversationHeaderProps {
  summary: ConversationSummary | null;
  projectPath: string | null;
  /** The conversation's tool metrics (the view's messages, or the list entry's until they have loaded). */
  metrics: ToolMetrics;
  /** The live run's context window fill, once known. */
  context?: ContextUsage | null;
  onUpdate: (fields: { customName?: string; pinned?: boolean; archived?: boolean; notify?: boolean }) => void;
  /** Buttons of panels beside the messages (Changes), before Archive. */
  tools?: ReactNode;
}

/** Spec §2 conversation header: back, editable title, subtitle, Archive/Unarchive and the more-menu. */
export function ConversationHeader({ summary, projectPath, metrics, context = null, onUpdate, tools }: ConversationHeaderProps) {
  const info = summary?.sessionInfo;
  const title = info?.custom_name || summary?.summary || 'New conversation';
  const editor = useTitleEditor(title, (customName) => onUpdate({ customName }));
  const archived = info?.archived ?? false;
  const [toolsTab, setToolsTab] = useState<ToolsPanelTab | null>(null);
  return (
    // On a phone the usage figure and the worktree badge take a second row: in one row they squeezed the title out.
    <div className="flex flex-wrap items-center gap-x-2 gap-y-1 border-b border-neutral-200 px-3 py-2 dark:border-neutral-800">
      <Tooltip content="Go back to tasks">
        <Button asChild variant="ghost" size="icon" aria-label="Go back to tasks">
          <Link to="/">
            <ArrowLeft size={16} aria-hidden />
          </Link>
        </Button>
      </Tooltip>
      <div className="flex min-w-0 flex-1 basis-0 flex-col">
        {editor.editing ? (
          <TitleEditor editor={editor} />
        ) : (
          <h1 className="truncate text-[15px] font-semibold" onDoubleClick={editor.start} title={title}>
            {title}
          </h1>
        )}
        <HeaderSubtitle parts={subtitleParts(summary, projectPath, metrics)} />
      </div>
      <div className="order-last flex w-full min-w-0 items-center justify-end gap-2 empty:hidden sm:order-none sm:w-auto sm:max-w-[45%]">
        <ScheduledBadge schedule={summary?.schedule} />
        <UsageSummary usage={summary?.usage} context={context} onBreakdown={summary ? () => setToolsTab('context') : undefined} />
        {summary && <ToolsPanelButton sessionId={summary.sessionId} tab={toolsTab} onTab={setToolsTab} />}
        <WorktreeBadge projectPath={projectPath} />
      </div>
      {/* The panels' buttons: a row of their own on a phone, where beside the title they squeezed it out. */}
      <div className="flex items-center gap-1 empty:hidden max-sm:order-last max-sm:w-full max-sm:justify-end">
        {tools}
        {projectPath && <FilesButton />}
        {summary && projectPath && <RewindButton sessionId={summary.sessionId} projectPath={projectPath} />}
        {summary && (
          <Tooltip content="Terminal">
            <Button asChild variant="ghost" size="icon" aria-label="Terminal">
              <Link to={`/terminal?session=${summary.sessionId}`}>
                <span aria-hidden className="font-mono text-[12px] font-semibold">&gt;_</span>
              </Link>
            </Button>
          </Tooltip>
        )}
      </div>
      {summary && (
        <>
          <IconButton
            label={archived ? 'Unarchive' : 'Archive'}
            icon={archived ? <ArchiveRestore size={16} aria-hidden /> : <Archive size={16} aria-hidden />}
            onClick={() => onUpdate({ archived: !archived })}
          />
          <HeaderMenu
            pinned={info?.pinned ?? false}
            notify={info?.notify ?? false}
            onRename={editor.start}
            onTogglePin={() => onUpdate({ pinned: !info?.pinned })}
            onToggleNotify={() => onUpdate({ notify: !info?.notify })}
          />
        </>
      )}
    </div>
  );
}
