import { Link } from 'react-router';
import type { BranchLink } from '@cui/contract';

/** A branch's list row: 'Branch of an earlier conversation', linking to the message it was made from. */
export function BranchBadge({ from }: { from: BranchLink | undefined }) {
  if (!from) return null;
  return (
    <Link
      to={`/c/${from.sessionId}?message=${encodeURIComponent(from.messageId)}`}
      data-testid="branch-badge"
      className="relative z-10 shrink-0 rounded-full border border-neutral-300 px-2 py-0.5 text-xs text-neutral-600 hover:bg-neutral-100 dark:border-neutral-700 dark:text-neutral-300 dark:hover:bg-neutral-800"
    >
      Branch
    </Link>
  );
}
