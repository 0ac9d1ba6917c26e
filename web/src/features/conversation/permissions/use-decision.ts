import { useState } from 'react';
import type { PromptProps } from './types';

/** `always`: approve and apply the CLI's "don't ask again" suggestions. */
export type DecisionAction = 'approve' | 'deny' | 'always';

/**
 * Sends an Approve/Deny decision, busy while it is in flight. The typed text goes along as `denyReason`
 * on Deny only, and only when it is not blank (spec §5).
 */
export function useDecision(onDecide: PromptProps['onDecide'], denyText: string): { busy: boolean; decide: (action: DecisionAction) => Promise<void> } {
  const [busy, setBusy] = useState(false);
  const decide = async (action: DecisionAction) => {
    setBusy(true);
    try {
      if (action === 'always') await onDecide({ action: 'approve', alwaysAllow: true });
      else await onDecide(action === 'deny' && denyText.trim() ? { action, denyReason: denyText.trim() } : { action });
    } finally {
      setBusy(false);
    }
  };
  return { busy, decide };
}
