import type { Migration } from './index';

/**
 * Folders the user trusted in the console: runs there load the folder's own Claude Code settings
 * (hooks, MCP servers, permission rules). Trust covers the folder and everything below it.
 */
export const m003TrustedFolders: Migration = {
  version: 3,
  name: 'trusted-folders',
  sql: `
    CREATE TABLE trusted_folders (
      path TEXT PRIMARY KEY,
      trusted_at TEXT NOT NULL
    );
  `,
};
