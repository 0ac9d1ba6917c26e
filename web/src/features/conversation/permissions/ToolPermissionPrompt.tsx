import { useState } from 'react';
import { summarizeToolInput } from '@/lib/tool-input-summary';
import { Input } from '@/ui';
import { useConversationView } from '../conversation-context';
import { AlwaysAllowChoice } from './AlwaysAllowChoice';
import { DecisionButtons } from './DecisionButtons';
import { PromptFrame } from './PromptFrame';
import type { PromptProps } from './types';
import { useDecision } from './use-decision';

/** A tool permission: tool, input summary, Approve / Deny (with an optional typed reason). */
export function ToolPermissionPrompt({ permission, onDecide }: PromptProps) {
  const { paths } = useConversationView();
  const [reason, setReason] = useState('');
  const { busy, decide } = useDecision(onDecide, reason);
  const summary = summarizeToolInput(permission.toolName, permission.toolInput, paths);
  return (
    <PromptFrame title={<span>Allow <strong>{permission.toolName}</strong>?</span>}>
      <p className="mb-2 truncate font-mono text-xs text-neutral-700 dark:text-neutral-300" title={summary}>
        {summary}
      </p>
      {permission.description && permission.description !== summary && <p className="mb-2 text-sm text-neutral-700 dark:text-neutral-300">{permission.description}</p>}
      <div className="flex flex-wrap items-center gap-2">
        <Input aria-label="Deny reason" placeholder="Reason (optional)" value={reason} onChange={(e) => setReason(e.target.value)} className="h-8 min-w-40 flex-1" />
        <DecisionButtons busy={busy} decide={decide} />
      </div>
      {permission.suggestions && <AlwaysAllowChoice suggestions={permission.suggestions} busy={busy} onChoose={() => void decide('always')} />}
    </PromptFrame>
  );
}
