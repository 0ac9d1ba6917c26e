/** The conversation's changes: a side panel with its folder's git changes, diffs and git actions (issue 24). */
export { ChangesButton, type ChangesButtonProps } from './ChangesButton';
