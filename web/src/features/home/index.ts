/** Home screen (issue 5): composer + Tasks / History / Archive lists. */
export { HomePage } from './HomePage';
/** Row title and project name rules (spec §2), reusable by other lists. */
export { projectShortName, sessionTitle } from './session-display';
