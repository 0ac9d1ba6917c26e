import { useState } from 'react';
import { Button, Textarea } from '@/ui';
import { Markdown } from '../code/Markdown';
import { PromptFrame } from './PromptFrame';
import type { PromptProps } from './types';

/** Plan approval (ExitPlanMode): the plan, Approve, or Deny with feedback for the assistant. */
export function PlanApprovalPrompt({ permission, onDecide }: PromptProps) {
  const [feedback, setFeedback] = useState('');
  const [busy, setBusy] = useState(false);
  const plan = typeof permission.toolInput.plan === 'string' ? permission.toolInput.plan : '';
  const decide = async (action: 'approve' | 'deny') => {
    setBusy(true);
    try {
      await onDecide(action === 'deny' && feedback.trim() ? { action, denyReason: feedback.trim() } : { action });
    } finally {
      setBusy(false);
    }
  };
  return (
    <PromptFrame title="Approve this plan?">
      <div className="mb-2 max-h-64 overflow-y-auto rounded-md border border-amber-200 bg-white px-3 py-2 dark:border-amber-900 dark:bg-neutral-950">
        <Markdown text={plan} />
      </div>
      <Textarea aria-label="Plan feedback" placeholder="Feedback (optional, sent with Deny)" value={feedback} onChange={(e) => setFeedback(e.target.value)} className="mb-2 min-h-14" />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" size="sm" disabled={busy} onClick={() => void decide('deny')}>
          Deny
        </Button>
        <Button variant="primary" size="sm" disabled={busy} onClick={() => void decide('approve')}>
          Approve
        </Button>
      </div>
    </PromptFrame>
  );
}
