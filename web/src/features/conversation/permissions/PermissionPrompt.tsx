import { AskUserQuestionPrompt } from './AskUserQuestionPrompt';
import { PlanApprovalPrompt } from './PlanApprovalPrompt';
import { ToolPermissionPrompt } from './ToolPermissionPrompt';
import type { PromptProps } from './types';

/** The pending permission request: a question, a plan to approve, or a tool to allow. */
export function PermissionPrompt(props: PromptProps) {
  switch (props.permission.toolName) {
    case 'AskUserQuestion':
      return <AskUserQuestionPrompt {...props} />;
    case 'ExitPlanMode':
    case 'exit_plan_mode':
      return <PlanApprovalPrompt {...props} />;
    default:
      return <ToolPermissionPrompt {...props} />;
  }
}
