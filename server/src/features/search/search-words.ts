import type Database from 'better-sqlite3';

/** A character beyond ASCII. */
export const NON_ASCII = /[\u0080-\uffff]/;
const MARKS = /\p{M}/gu;

/** Text as the search compares it: lower case, and without accents (the tokenizer's `remove_diacritics`). */
export function foldForSearch(text: string): string {
  const lower = text.toLowerCase();
  return NON_ASCII.test(lower) ? lower.normalize('NFD').replace(MARKS, '') : lower;
}

/**
 * Keeps `search_terms` (migration 018): every word the FTS index holds, once, with its folded form in a trigram index,
 * so that a search can find the words holding a piece of what was typed. Each batch of rows is tokenized again into a
 * scratch FTS table of this connection (the index's own tokenizer, so its words are exactly the index's), whose
 * vocabulary gives the batch's words; only those not listed yet are folded and added.
 */
export function createWordList(db: Database.Database): { add(from: number, to: number): void } {
  // Made on the first batch, not at start-up: a server whose search index is current never needs them.
  let statements: { batch: Database.Statement; lastWord: Database.Statement; addNew: Database.Statement; indexNew: Database.Statement; clear: Database.Statement } | undefined;
  const prepare = (): NonNullable<typeof statements> => {
    db.function('cui_fold', { deterministic: true }, (text: unknown) => foldForSearch(String(text)));
    db.exec(`CREATE VIRTUAL TABLE IF NOT EXISTS temp.search_batch USING fts5(body, content='', tokenize='unicode61 remove_diacritics 2', detail=none);
      CREATE VIRTUAL TABLE IF NOT EXISTS temp.search_batch_words USING fts5vocab(temp, search_batch, 'row');`);
    return {
      batch: db.prepare('INSERT INTO temp.search_batch (rowid, body) SELECT id, body FROM session_text WHERE id > ? AND id <= ?'),
      lastWord: db.prepare('SELECT COALESCE(MAX(id), 0) FROM search_terms').pluck(),
      addNew: db.prepare(`INSERT INTO search_terms (term, folded) SELECT w.term, cui_fold(w.term) FROM temp.search_batch_words w
        WHERE NOT EXISTS (SELECT 1 FROM search_terms t WHERE t.term = w.term)`),
      indexNew: db.prepare('INSERT INTO search_terms_fts (rowid, folded) SELECT id, folded FROM search_terms WHERE id > ?'),
      clear: db.prepare("INSERT INTO temp.search_batch (search_batch) VALUES ('delete-all')"),
    };
  };
  return {
    add(from, to) {
      const { batch, lastWord, addNew, indexNew, clear } = (statements ??= prepare());
      batch.run(from, to);
      const before = lastWord.get() as number;
      addNew.run();
      indexNew.run(before);
      clear.run();
    },
  };
}

/**
 * A piece of a search the word index can narrow by (migration 018): a run of letters and digits of one word of what
 * was typed, folded as the index folds text. `starts` when a character the index cuts words at stands before it in the
 * word typed (so the index's word holding it starts with it), `ends` when one stands after it.
 */
export interface SearchPiece {
  text: string;
  starts: boolean;
  ends: boolean;
}

/**
 * The pieces of each word of a search, once each. In a word of ASCII characters the index's tokenizer cuts exactly
 * where the search does (at every character but a letter or a digit), so the pieces' edges are the index words'
 * edges. A word beyond ASCII is cut wherever a character is neither a letter nor a digit, which may be more often than
 * the tokenizer (its pieces are then still inside the index's words): its pieces claim no edge.
 */
export function searchPieces(text: string): SearchPiece[] {
  const pieces = new Map<string, SearchPiece>();
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const folded = foldForSearch(word);
    const edges = !NON_ASCII.test(word);
    for (const match of folded.matchAll(edges ? /[a-z0-9]+/g : /[\p{L}\p{N}\p{Co}]+/gu)) {
      const piece = { text: match[0], starts: edges && match.index > 0, ends: edges && match.index + match[0].length < folded.length };
      pieces.set(`${piece.starts ? '<' : ''}${piece.text}${piece.ends ? '>' : ''}`, piece);
    }
  }
  return [...pieces.values()];
}

/** An FTS5 query for the trigram index of the words: every trigram of `piece`, each quoted (so its text is literal). */
export function trigramQuery(piece: string): string {
  const chars = [...piece];
  const trigrams = new Set(Array.from({ length: chars.length - 2 }, (_, i) => chars.slice(i, i + 3).join('')));
  return [...trigrams].map(quoted).join(' ');
}

/** A word or trigram as an FTS5 string: literal text, whatever it holds. */
const quoted = (text: string): string => `"${text.replaceAll('"', '""')}"`;

/**
 * Most words of the index one piece may stand for. A piece held by more (a common syllable) hardly narrows the rows:
 * the search then leaves it to the check of each row's text.
 */
export const SEARCH_WORDS_PER_PIECE = 256;

/**
 * The word index's query for the pieces, all of them required: a piece between two cuts is an index word itself; one
 * after a cut starts one (a prefix query, two characters or more); any other piece of three characters or more is one
 * of the index's words holding it (ending with it, when a cut follows it), found in the word list. 'none' when a piece
 * is in no word (no message holds the text); 'common' when every piece that could narrow is in more words than
 * SEARCH_WORDS_PER_PIECE; undefined when no piece is long enough to narrow by.
 */
export type WordMatch = (pieces: SearchPiece[]) => string | 'none' | 'common' | undefined;

export function createWordMatch(db: Database.Database): WordMatch {
  // The index's words holding a piece (or ending with it): the trigram index of the words, then the folded word itself.
  const wordsHolding = db.prepare(`SELECT w.term FROM search_terms_fts f JOIN search_terms w ON w.id = f.rowid
    WHERE search_terms_fts MATCH @trigrams AND instr(w.folded, @piece) > 0 AND (NOT @ends OR substr(w.folded, -@length) = @piece)
    LIMIT ${SEARCH_WORDS_PER_PIECE + 1}`).pluck();
  return (pieces) => {
    const clauses: string[] = [];
    let common = false;
    for (const piece of pieces) {
      const length = [...piece.text].length;
      if (piece.starts && piece.ends) clauses.push(quoted(piece.text));
      else if (piece.starts) {
        if (length >= 2) clauses.push(`${quoted(piece.text)}*`);
      } else if (length >= 3) {
        const words = wordsHolding.all({ trigrams: trigramQuery(piece.text), piece: piece.text, ends: piece.ends ? 1 : 0, length }) as string[];
        if (words.length === 0) return 'none';
        if (words.length > SEARCH_WORDS_PER_PIECE) common = true;
        else clauses.push(`(${words.map(quoted).join(' OR ')})`);
      }
    }
    return clauses.length > 0 ? clauses.join(' AND ') : common ? 'common' : undefined;
  };
}
