import { Markdown } from '../code/Markdown';
import { inputString, type ToolPanelProps } from './types';

/** exit_plan_mode / ExitPlanMode: the proposed plan, rendered as markdown. */
export function ExitPlanModePanel({ input }: ToolPanelProps) {
  const plan = inputString(input, 'plan') ?? '';
  return (
    <div className="rounded-lg border border-violet-200 bg-violet-50/60 px-4 py-3 dark:border-violet-900 dark:bg-violet-950/30">
      <p className="mb-1 text-xs font-medium tracking-wide text-violet-700 uppercase dark:text-violet-300">Plan</p>
      <Markdown text={plan} />
    </div>
  );
}
