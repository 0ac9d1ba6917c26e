import { useState } from 'react';
import { Textarea } from '@/ui';
import { Markdown } from '../code/Markdown';
import { DecisionButtons } from './DecisionButtons';
import { PromptFrame } from './PromptFrame';
import type { PromptProps } from './types';
import { useDecision } from './use-decision';

/** Plan approval (ExitPlanMode): the plan, Approve, or Deny with feedback for the assistant. */
export function PlanApprovalPrompt({ permission, onDecide }: PromptProps) {
  const [feedback, setFeedback] = useState('');
  const plan = typeof permission.toolInput.plan === 'string' ? permission.toolInput.plan : '';
  const { busy, decide } = useDecision(onDecide, feedback);
  return (
    <PromptFrame title="Approve this plan?">
      <div className="mb-2 max-h-64 overflow-y-auto rounded-md border border-amber-200 bg-white px-3 py-2 dark:border-amber-900 dark:bg-neutral-950">
        <Markdown text={plan} />
      </div>
      <Textarea aria-label="Plan feedback" placeholder="Feedback (optional, sent with Deny)" value={feedback} onChange={(e) => setFeedback(e.target.value)} className="mb-2 min-h-14" />
      <div className="flex justify-end gap-2">
        <DecisionButtons busy={busy} decide={decide} />
      </div>
    </PromptFrame>
  );
}
