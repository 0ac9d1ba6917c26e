import { lazy } from 'react';
import { MountOnceOpened } from '@/ui';

// The panel's code loads when it is first opened: never with the conversation's first paint (page weight).
const ToolsPanel = lazy(() => import('./ToolsPanel').then((m) => ({ default: m.ToolsPanel })));

export type ToolsPanelTab = 'mcp' | 'context' | 'tasks';

export interface ToolsPanelButtonProps {
  sessionId: string;
  /** The open tab, or null when closed (the header holds it: the context figure opens the panel too). */
  tab: ToolsPanelTab | null;
  onTab(tab: ToolsPanelTab | null): void;
}

/** The header's 'MCP' button and the panel it opens (MCP servers, context, background tasks). */
export function ToolsPanelButton({ sessionId, tab, onTab }: ToolsPanelButtonProps) {
  return (
    <>
      <button type="button" onClick={() => onTab('mcp')} className="shrink-0 rounded px-1.5 py-0.5 text-xs text-neutral-500 hover:bg-neutral-100 dark:text-neutral-400 dark:hover:bg-neutral-800">
        MCP
      </button>
      <MountOnceOpened open={tab !== null}>
        <ToolsPanel sessionId={sessionId} tab={tab} onTab={onTab} />
      </MountOnceOpened>
    </>
  );
}
