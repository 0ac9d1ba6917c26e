/** A conversation's file browser and editor (issue 25.3): a link that opens it, and the sheet that loads it on demand. */
export { FilesSheet, GrepHitLinks } from './FilesSheet';
export { fileHref, FilesButton } from './file-links';
