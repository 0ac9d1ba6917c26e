/** The integrated terminal (issue 25): the header's button and the home menu's launcher; the panel loads when opened. */
export { TerminalButton } from './TerminalButton';
export { TerminalLauncher } from './TerminalLauncher';
