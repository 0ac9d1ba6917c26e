import { z } from 'zod';
import { defineRoute } from './route';
import { QueryBool, QueryInt } from './common';

/** Longest search text accepted (a longer one is 400 `validation.failed`). */
export const MAX_SEARCH_QUERY = 200;
/** Most sessions one page of search results may ask for. */
export const MAX_SEARCH_LIMIT = 50;
/** Hits shown per session (the newest are kept; `hitCount` says how many there were). */
export const SEARCH_HITS_PER_SESSION = 3;

/**
 * GET /api/search (issue 17): full-text search over every indexed session's messages (user and assistant text,
 * tool results), substring matching, case- and accent-insensitive. Three characters or more use the full-text
 * index and shorter words next to them narrow its matches; text with no longer word is matched literally in the most
 * recent messages only. Sessions' names and tool uses' inputs (commands, paths, new text) are searched too. The
 * list's tab filters apply.
 */
export const SearchQuery = z.object({
  q: z.string().trim().min(1, 'q is required').max(MAX_SEARCH_QUERY, `q must be at most ${MAX_SEARCH_QUERY} characters`),
  limit: QueryInt.pipe(z.number().min(1).max(MAX_SEARCH_LIMIT)).optional(),
  offset: QueryInt.optional(),
  archived: QueryBool.optional(),
  hasContinuation: QueryBool.optional(),
  pinned: QueryBool.optional(),
  projectPath: z.string().optional(),
});
export type SearchQuery = z.infer<typeof SearchQuery>;

/** A piece of a snippet: `match` pieces are the matched text (shown highlighted); the server sends no markup. */
export const SnippetPart = z.object({ text: z.string(), match: z.boolean() });
export type SnippetPart = z.infer<typeof SnippetPart>;

/** What a match was found in: a message's text, the session's name, a tool use's input, a tool's result. */
export const SearchMatchedIn = z.enum(['message', 'name', 'tool_input', 'tool_result']);
export type SearchMatchedIn = z.infer<typeof SearchMatchedIn>;

export const SearchHit = z.object({
  /** The message's uuid: /c/{sessionId}?message={uuid} opens the conversation on it. */
  uuid: z.string(),
  role: z.enum(['user', 'assistant', 'tool']),
  timestamp: z.string(),
  /** Where in the message the text was found (`tool_input`: a command, a path, an edit's new text). */
  matchedIn: SearchMatchedIn.exclude(['name']),
  /** The matched text with some context, `…` where it was cut. */
  snippet: z.array(SnippetPart),
});
export type SearchHit = z.infer<typeof SearchHit>;

export const SearchResult = z.object({
  sessionId: z.string(),
  /** The title the list shows (custom name, else the indexed title). */
  summary: z.string(),
  projectPath: z.string(),
  updatedAt: z.string(),
  hits: z.array(SearchHit),
  /** Matching messages in this session (of those examined: see `truncated`). */
  hitCount: z.number().int().nonnegative(),
  /** Where the best match was: `name` when the session's name (custom name or title) holds the text. */
  matchedIn: SearchMatchedIn,
});
export type SearchResult = z.infer<typeof SearchResult>;

export const SearchResponse = z.object({
  /**
   * Sessions with a match, best first: the whole text as typed (a name or a message), then every word, and within
   * each the most recently updated first. Each session's hits are ranked the same way.
   */
  results: z.array(SearchResult),
  /** Sessions with a match. */
  total: z.number().int().nonnegative(),
  /** True when there were more matching messages than one search examines (the newest are): refine the text. */
  truncated: z.boolean(),
});
export type SearchResponse = z.infer<typeof SearchResponse>;

export const searchRoutes = {
  search: defineRoute({ name: 'searchConversations', summary: 'Full-text search over the messages of every conversation, grouped by conversation, with highlighted snippets.', method: 'GET', path: '/api/search', query: SearchQuery, response: SearchResponse }),
};
