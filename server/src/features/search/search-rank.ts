import type { SearchMatchedIn } from '@cui/contract';

/**
 * How well a matching message or name answers the search (issue 28.4), best first: the whole text as typed standing
 * on word boundaries, the whole text inside longer words ('…number 17' in '…number 170'), every word.
 */
export const RANK_PHRASE = 3;
export const RANK_PHRASE_INSIDE = 2;
export const RANK_WORDS = 1;

const WORD_CHAR = /[\p{L}\p{N}_]/u;

/** RANK_PHRASE when `phrase` (already found in `text` case-insensitively) stands on word boundaries there, else RANK_PHRASE_INSIDE. */
export function phraseRank(text: string, phrase: string): number {
  const haystack = text.toLowerCase();
  const needle = phrase.toLowerCase();
  if (needle.length === 0) return RANK_WORDS;
  for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + 1)) {
    const before = haystack[at - 1];
    const after = haystack[at + needle.length];
    const edgeBefore = before === undefined || !WORD_CHAR.test(before) || !WORD_CHAR.test(needle[0] as string);
    const edgeAfter = after === undefined || !WORD_CHAR.test(after) || !WORD_CHAR.test(needle.at(-1) as string);
    if (edgeBefore && edgeAfter) return RANK_PHRASE;
  }
  return RANK_PHRASE_INSIDE;
}

/** A matching message (or a session's name: no id) with its rank. */
export interface RankedHit {
  id?: number;
  sessionId: string;
  updatedAt: string;
  rank: number;
  matchedIn: SearchMatchedIn;
}

export interface RankedSession {
  sessionId: string;
  updatedAt: string;
  rank: number;
  matchedIn: SearchMatchedIn;
  /** Message hits, best first (then newest first). */
  ids: number[];
}

/** Best rank first, then newest (a higher id), a name before a message of the same rank. */
function compareHits(a: RankedHit, b: RankedHit): number {
  return b.rank - a.rank || (a.id === undefined ? -1 : b.id === undefined ? 1 : b.id - a.id);
}

/** Hits grouped by session: sessions by their best hit's rank, then most recently updated first. */
export function rankSessions(hits: RankedHit[]): RankedSession[] {
  const groups = new Map<string, RankedHit[]>();
  for (const hit of hits) {
    const group = groups.get(hit.sessionId);
    if (group) group.push(hit);
    else groups.set(hit.sessionId, [hit]);
  }
  const sessions = [...groups.values()].map((group): RankedSession => {
    const sorted = group.sort(compareHits);
    const best = sorted[0] as RankedHit;
    return { sessionId: best.sessionId, updatedAt: best.updatedAt, rank: best.rank, matchedIn: best.matchedIn, ids: sorted.flatMap((hit) => (hit.id === undefined ? [] : [hit.id])) };
  });
  return sessions.sort((a, b) => b.rank - a.rank || (a.updatedAt < b.updatedAt ? 1 : a.updatedAt > b.updatedAt ? -1 : a.sessionId.localeCompare(b.sessionId)));
}

/** What a session_text row's role says it matched in. */
export function matchedInOf(role: string): Exclude<SearchMatchedIn, 'name'> {
  return role === 'tool' ? 'tool_result' : role === 'tool_input' ? 'tool_input' : 'message';
}
