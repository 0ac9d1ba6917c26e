import { Dialog, DialogContent, Tabs, TabsContent, TabsList, TabsTrigger } from '@/ui';
import { BackgroundTasks } from './BackgroundTasks';
import { ContextBreakdownView } from './ContextBreakdownView';
import { McpServers } from './McpServers';
import type { ToolsPanelTab } from './ToolsPanelButton';

export interface ToolsPanelProps {
  sessionId: string;
  tab: ToolsPanelTab | null;
  onTab(tab: ToolsPanelTab | null): void;
}

/** A conversation's MCP servers, context window and background tasks, each a tab; a tab loads when shown. */
export function ToolsPanel({ sessionId, tab, onTab }: ToolsPanelProps) {
  return (
    <Dialog open={tab !== null} onOpenChange={(open) => !open && onTab(null)}>
      <DialogContent title="Tools of this conversation" width="wide" className="overflow-y-auto">
        <Tabs value={tab ?? 'mcp'} onValueChange={(value) => onTab(value as ToolsPanelTab)}>
          <TabsList aria-label="Tools">
            <TabsTrigger value="mcp">MCP servers</TabsTrigger>
            <TabsTrigger value="context">Context</TabsTrigger>
            <TabsTrigger value="tasks">Background tasks</TabsTrigger>
          </TabsList>
          <TabsContent value="mcp">{tab === 'mcp' && <McpServers sessionId={sessionId} />}</TabsContent>
          <TabsContent value="context">{tab === 'context' && <ContextBreakdownView sessionId={sessionId} />}</TabsContent>
          <TabsContent value="tasks">{tab === 'tasks' && <BackgroundTasks sessionId={sessionId} />}</TabsContent>
        </Tabs>
      </DialogContent>
    </Dialog>
  );
}
