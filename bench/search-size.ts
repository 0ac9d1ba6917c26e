/**
 * The search index's designs side by side (issue 28 point 2): on a generated corpus, in this process, reads and
 * parses every line (the floor), extracts the searchable text as the index does (`searchTextOf`), saves it in
 * `session_text`, then builds each FTS5 design over it and reports its size on disk (SQLite's dbstat) and the CPU it
 * took against the floor (extracting, saving and indexing). Tool results are cut at each of `--cuts` in turn.
 * `--designs` picks designs by the start of their names, `|` between them (e.g. `trigram, detail=full|trigram, detail=none`).
 *
 *   npx tsx --tsconfig tsconfig.server.json bench/search-size.ts [--sessions 2000] [--cuts 1024,256] [--designs …]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import type { TranscriptLine } from '../server/src/cli/transcript/transcript-line';
import { searchTextOf, type SearchText } from '../server/src/features/search/search-text';
import { ensureCorpus } from './generate-corpus';
import { BENCH_ROOT } from './server-process';

const { values } = parseArgs({ options: { sessions: { type: 'string', default: '2000' }, cuts: { type: 'string', default: '1024,256' }, designs: { type: 'string' } } });
const sessions = Number(values.sessions);
const cuts = (values.cuts ?? '1024').split(',').map(Number);
const corpus = path.join(BENCH_ROOT, 'bench', '.corpus', `s${sessions}`);

/**
 * The FTS5 designs tried: trigrams or words, and what each stores about their places (positions, columns or only the
 * rows). `+ word list` also builds what a word index needs to find a piece inside words (migration 018): each distinct
 * word once, in a trigram index of its own (counted with the FTS index).
 */
const DESIGNS: Record<string, string> = {
  'trigram, detail=full': "tokenize='trigram remove_diacritics 1'",
  'trigram, detail=column': "tokenize='trigram remove_diacritics 1', detail=column",
  'trigram, detail=none (migration 015)': "tokenize='trigram remove_diacritics 1', detail=none",
  'words (unicode61), detail=full': "tokenize='unicode61 remove_diacritics 2'",
  'words (unicode61), detail=none + word list (migration 018)': "tokenize='unicode61 remove_diacritics 2', detail=none",
};

function transcripts(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return transcripts(full);
    return entry.name.endsWith('.jsonl') ? [full] : [];
  });
}

/** A line's JSON, or undefined for a line the CLI left cut (the corpus has some, as real histories do). */
function parsed(line: string): TranscriptLine | undefined {
  try {
    return JSON.parse(line) as TranscriptLine;
  } catch {
    return undefined;
  }
}

const cpuMs = (): number => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

function timed<T>(fn: () => T): { value: T; ms: number } {
  const start = cpuMs();
  const value = fn();
  return { value, ms: cpuMs() - start };
}

ensureCorpus(corpus, sessions);
const files = transcripts(corpus);
const corpusBytes = files.reduce((sum, file) => sum + fs.statSync(file).size, 0);

// The floor: read and parse every line.
const floor = timed(() => {
  let lines = 0;
  for (const file of files) {
    for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
      if (line && parsed(line)) lines += 1;
    }
  }
  return lines;
});

/** Each file's search text with tool results cut at `cut`, extracted while parsing (the index does it in the same pass). */
function extract(cut: number): { value: [string, SearchText[]][]; ms: number } {
  return timed(() => files.map((file): [string, SearchText[]] => {
    const texts: SearchText[] = [];
    for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
      const json = line ? parsed(line) : undefined;
      if (json) texts.push(...searchTextOf(json, cut));
    }
    return [path.basename(file, '.jsonl'), texts];
  }));
}

const mb = (bytes: number): string => (bytes / 1e6).toFixed(1);
const pct = (bytes: number): string => `${((bytes / corpusBytes) * 100).toFixed(1)} %`;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'cui-search-size-'));
const out: string[] = [
  `${sessions} sessions, ${files.length} files, ${mb(corpusBytes)} MB of transcripts, ${floor.value} lines; ${os.cpus().length} CPUs; load average ${os.loadavg().map((l) => l.toFixed(1)).join(' / ')} at the start`,
  `floor (read + JSON.parse every line): ${(floor.ms / 1000).toFixed(1)} s CPU`,
  '',
  '| tool result cut | design | text (session_text) | FTS index | together | of the corpus | build CPU | build / floor |',
  '|---|---|---|---|---|---|---|---|',
];

for (const cut of cuts) {
  const extracted = extract(cut);
  for (const [design, options] of Object.entries(DESIGNS).filter(([name]) => !values.designs || values.designs.split('|').some((start) => name.startsWith(start)))) {
    const file = path.join(work, 'search.db');
    fs.rmSync(file, { force: true });
    const db = new Database(file);
    db.pragma('journal_mode = WAL');
    db.exec(`CREATE TABLE session_text (id INTEGER PRIMARY KEY AUTOINCREMENT, session_id TEXT NOT NULL, uuid TEXT NOT NULL, role TEXT NOT NULL, ts TEXT NOT NULL DEFAULT '', body TEXT NOT NULL);
      CREATE INDEX session_text_session ON session_text (session_id);
      CREATE VIRTUAL TABLE session_text_fts USING fts5(body, content='session_text', content_rowid='id', ${options});`);
    const insert = db.prepare('INSERT INTO session_text (session_id, uuid, role, ts, body) VALUES (?, ?, ?, ?, ?)');
    const save = timed(() =>
      db.transaction(() => {
        for (const [sessionId, texts] of extracted.value) {
          for (const text of texts) insert.run(sessionId, text.uuid, text.role, text.timestamp, text.body);
        }
      })(),
    );
    const index = timed(() => {
      db.exec("INSERT INTO session_text_fts (session_text_fts) VALUES ('rebuild'); INSERT INTO session_text_fts (session_text_fts) VALUES ('optimize');");
      if (!design.includes('word list')) return;
      // Here over the finished index's vocabulary at once; the server's catch-up lists each batch's new words.
      db.exec(`CREATE VIRTUAL TABLE temp.words USING fts5vocab(main, session_text_fts, 'row');
        CREATE TABLE search_terms (id INTEGER PRIMARY KEY, term TEXT NOT NULL UNIQUE, folded TEXT NOT NULL);
        CREATE VIRTUAL TABLE search_terms_fts USING fts5(folded, content='search_terms', content_rowid='id', tokenize='trigram', detail=none);
        INSERT INTO search_terms (term, folded) SELECT term, term FROM temp.words;
        INSERT INTO search_terms_fts (rowid, folded) SELECT id, folded FROM search_terms;`);
    });
    db.pragma('wal_checkpoint(TRUNCATE)');
    const size = (like: string): number => (db.prepare('SELECT COALESCE(SUM(pgsize), 0) FROM dbstat WHERE name LIKE ?').pluck().get(like) as number);
    const text = size('session_text') + size('session_text_session');
    const fts = size('session_text_fts%') + size('search_terms%') + size('sqlite_autoindex_search_terms%');
    const build = extracted.ms + save.ms + index.ms;
    out.push(`| ${cut} | ${design} | ${mb(text)} MB | ${mb(fts)} MB | ${mb(text + fts)} MB | ${pct(text + fts)} | ${(build / 1000).toFixed(1)} s | ${(build / floor.ms).toFixed(1)}× |`);
    console.error(out.at(-1));
    db.close();
  }
}
fs.rmSync(work, { recursive: true, force: true });
console.log(out.join('\n'));
