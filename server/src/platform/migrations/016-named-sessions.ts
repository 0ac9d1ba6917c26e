import type { Migration } from './index';

/**
 * The sessions a search looks at by name (issue 28.4): those with a custom name, and those whose title is not their
 * first prompt (a summary line titled them). Partial indexes hold just those, so a search by name reads a few
 * hundred rows rather than every session (issue 28.3).
 */
export const m016NamedSessions: Migration = {
  version: 16,
  name: 'named-sessions',
  sql: `
    CREATE INDEX session_info_named ON session_info (session_id) WHERE custom_name != '';
    CREATE INDEX session_index_titled ON session_index (session_id) WHERE summary != first_prompt AND summary != '';
  `,
};
