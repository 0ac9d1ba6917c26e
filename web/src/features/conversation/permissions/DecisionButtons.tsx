import { Button } from '@/ui';
import type { DecisionAction } from './use-decision';

/** The Deny and Approve buttons of a prompt, disabled while a decision is being sent. */
export function DecisionButtons({ busy, decide }: { busy: boolean; decide: (action: DecisionAction) => Promise<void> }) {
  return (
    <>
      <Button variant="secondary" size="sm" disabled={busy} onClick={() => void decide('deny')}>
        Deny
      </Button>
      <Button variant="primary" size="sm" disabled={busy} onClick={() => void decide('approve')}>
        Approve
      </Button>
    </>
  );
}
