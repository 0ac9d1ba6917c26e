/** Restore files to a message, branch from a message, edit and resend (issue 24.3, 24.4): the header's button and the list's badge. */
export { RewindButton } from './RewindButton';
export { BranchBadge } from './BranchBadge';
