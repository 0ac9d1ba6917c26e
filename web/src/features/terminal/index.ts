/**
 * The integrated terminal (issue 25): its screen, `/terminal?session=<id>` for a conversation's folder (or worktree)
 * and `/terminal` from home for a trusted folder; a lazy route, so xterm.js never joins the home or conversation first load.
 */
export { TerminalPage } from './TerminalPage';
