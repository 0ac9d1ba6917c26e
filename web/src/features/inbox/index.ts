/** The "needs you" inbox: the header's indicator of permission requests waiting across all runs, and their list. */
export { InboxButton, inboxLabel } from './InboxButton';
export { useWaitingPermissions } from './use-waiting-permissions';
