import { AskUserQuestionPanel } from './AskUserQuestion';
import { BashPanel } from './Bash';
import { EditPanel } from './Edit';
import { ExitPlanModePanel } from './ExitPlanMode';
import { FallbackPanel } from './Fallback';
import { GlobPanel } from './Glob';
import { GrepPanel } from './Grep';
import { LSPanel } from './LS';
import { MultiEditPanel } from './MultiEdit';
import { ReadPanel } from './Read';
import { TaskPanel } from './Task';
import { TodoReadPanel } from './TodoRead';
import { TodoWritePanel } from './TodoWrite';
import { createElement, type ReactElement } from 'react';
import type { ToolPanel, ToolPanelProps } from './types';
import { WebFetchPanel } from './WebFetch';
import { WebSearchPanel } from './WebSearch';
import { WritePanel } from './Write';

/** Tool panels by tool name (spec §2 'Message rendering'); anything else falls back to JSON. */
const PANELS: Record<string, ToolPanel> = {
  Edit: EditPanel,
  MultiEdit: MultiEditPanel,
  Write: WritePanel,
  Read: ReadPanel,
  Grep: GrepPanel,
  Glob: GlobPanel,
  LS: LSPanel,
  TodoRead: TodoReadPanel,
  TodoWrite: TodoWritePanel,
  WebSearch: WebSearchPanel,
  WebFetch: WebFetchPanel,
  Task: TaskPanel,
  // CLI 2.1.330 names the subagent tool 'Agent'.
  Agent: TaskPanel,
  Bash: BashPanel,
  exit_plan_mode: ExitPlanModePanel,
  ExitPlanMode: ExitPlanModePanel,
  AskUserQuestion: AskUserQuestionPanel,
};

export function toolPanelFor(name: string): ToolPanel {
  return PANELS[name] ?? FallbackPanel;
}

/** Renders the panel registered for a tool (the fallback for unknown tools). */
export function renderToolPanel(props: ToolPanelProps): ReactElement {
  return createElement(toolPanelFor(props.name), props);
}
