import { Button, Dialog, DialogContent } from '@/ui';
import { BackgroundTasks } from './BackgroundTasks';
import { ContextBreakdownView } from './ContextBreakdownView';
import { McpServers } from './McpServers';
import type { ToolsPanelTab } from './ToolsPanelButton';

export interface ToolsPanelProps {
  sessionId: string;
  tab: ToolsPanelTab | null;
  onTab(tab: ToolsPanelTab | null): void;
}

const TABS: { tab: ToolsPanelTab; label: string }[] = [
  { tab: 'mcp', label: 'MCP servers' },
  { tab: 'context', label: 'Context' },
  { tab: 'tasks', label: 'Background tasks' },
];

/**
 * A conversation's MCP servers, context window and background tasks; the shown part loads when chosen. (Pressed
 * buttons rather than the Tabs primitive: sharing it with this chunk split it out of the pages' first load.)
 */
export function ToolsPanel({ sessionId, tab, onTab }: ToolsPanelProps) {
  return (
    <Dialog open={tab !== null} onOpenChange={(open) => !open && onTab(null)}>
      <DialogContent title="Tools of this conversation" width="wide" className="overflow-y-auto">
        <div role="group" aria-label="Show" className="flex flex-wrap gap-1 border-b border-neutral-200 pb-2 dark:border-neutral-800">
          {TABS.map((entry) => (
            <Button key={entry.tab} size="sm" variant={tab === entry.tab ? 'secondary' : 'ghost'} aria-pressed={tab === entry.tab} onClick={() => onTab(entry.tab)}>
              {entry.label}
            </Button>
          ))}
        </div>
        {tab === 'mcp' && <McpServers sessionId={sessionId} />}
        {tab === 'context' && <ContextBreakdownView sessionId={sessionId} />}
        {tab === 'tasks' && <BackgroundTasks sessionId={sessionId} />}
      </DialogContent>
    </Dialog>
  );
}
