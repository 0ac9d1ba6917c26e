import type { Migration } from './index';

/**
 * The search text gains the inputs of tool uses (issue 28.4: a Bash command, an Edit's new text, a file path, as
 * `session_text` rows of role `tool_input`). The search index is rebuilt from the transcripts: its rows and FTS index
 * are emptied (the mark first, so that the delete trigger leaves the emptied FTS index alone) and every session is
 * dropped from session_index, so the next sweep re-reads every transcript and extracts the new text.
 */
export const m012SearchToolInputs: Migration = {
  version: 12,
  name: 'search-tool-inputs',
  sql: `
    UPDATE search_state SET indexed_through = 0 WHERE id = 1;
    INSERT INTO session_text_fts (session_text_fts) VALUES ('delete-all');
    DELETE FROM session_text;
    DELETE FROM session_index;
  `,
};
