import type Database from 'better-sqlite3';
import type { ConversationMeta } from '../../cli/transcript/conversation-details';
import { displaySummary, emptyAggregate, toolMetrics, type SessionAggregate } from '../../cli/transcript/session-aggregate';
import { createSearchTextWriter, type SearchText, type SearchTextWriter } from '../search/index';
import type { UuidChunk } from './summary-links';
import type { Stat } from './transcript-file-reader';
import { runTimeBoxed, type TimeBox } from '../../platform/time-box';
import { USAGE_COLUMNS, usageColumns, usageOf, type UsageRow } from './usage-columns';

/** Where indexing of one transcript file stopped. */
export interface FilePosition {
  filePath: string;
  sessionId: string;
  size: number;
  mtimeMs: number;
  ino: number;
  offset: number;
  headHash: string;
}

export interface IndexedFile extends FilePosition {
  projectDir: string;
  aggregate: SessionAggregate;
  /** The uuids read by this indexing (uuidKeys); `fromStart` when the file was read from its first byte. */
  uuids?: { keys: Buffer; fromStart: boolean };
  /** The searchable text read by this indexing: appended to the session's, or replacing it when read from the start. */
  texts?: SearchText[];
}

interface Row {
  session_id: string;
  file_path: string;
  file_size: number;
  file_mtime_ms: number;
  file_ino: number;
  file_offset: number;
  head_hash: string;
  project_dir: string;
  parse_state: string;
}

/** Persistence of the transcript index (table session_index, migration 002). */
export interface IndexStore {
  /** Each indexed file's path with its size, mtime and inode, one row at a time (nothing kept: see syncAll). */
  eachFileStat(visit: (filePath: string, stat: Stat) => void): void;
  positionOf(filePath: string): FilePosition | undefined;
  load(filePath: string): IndexedFile | undefined;
  /**
   * Writes files from `from` on in one transaction until the time box is spent (at least one file, each whole with
   * its search text); returns the uuid chunks written (for the summary links) and the position after the last file.
   */
  saveSlice(files: readonly IndexedFile[], from: number, box: TimeBox): { chunks: UuidChunk[]; end: number };
  /** Returns the ids of the sessions removed. */
  removeAll(filePaths: string[]): string[];
  filePathOf(sessionId: string): string | undefined;
  isEmpty(): boolean;
  /**
   * Records a run's start: the session's cost is an estimate once one of its runs went through the model-provider
   * router, or once the session it resumed had such a run (the fork carries that cost on). Kept across re-indexing.
   */
  recordRun(run: { sessionId: string; routed: boolean; resumedFrom?: string | undefined }): void;
  /** Summary, project, model and metrics of an indexed session, for its details. */
  metaOf(sessionId: string): ConversationMeta | undefined;
}

export function createIndexStore(db: Database.Database): IndexStore {
  const selectFileStats = db.prepare<[], { file_path: string; size: number; mtimeMs: number; ino: number }>('SELECT file_path, file_size AS size, file_mtime_ms AS mtimeMs, file_ino AS ino FROM session_index');
  const selectPosition = db.prepare<[string], Row>('SELECT session_id, file_path, file_size, file_mtime_ms, file_ino, file_offset, head_hash FROM session_index WHERE file_path = ?');
  const selectOne = db.prepare<[string], Row>('SELECT * FROM session_index WHERE file_path = ?');
  const selectPath = db.prepare<[string], { file_path: string }>('SELECT file_path FROM session_index WHERE session_id = ?');
  const remove = db.prepare<[string], string>('DELETE FROM session_index WHERE file_path = ? RETURNING session_id').pluck();
  const removeUuids = db.prepare('DELETE FROM transcript_uuids WHERE file_path = ?');
  const removeSummaries = db.prepare('DELETE FROM transcript_summary WHERE file_path = ?');
  const any = db.prepare('SELECT 1 FROM session_index LIMIT 1').pluck();
  const insertRouted = db.prepare('INSERT OR IGNORE INTO routed_sessions (session_id) VALUES (?)');
  const selectRouted = db.prepare<[string], number>('SELECT 1 FROM routed_sessions WHERE session_id = ?').pluck();
  const searchText = createSearchTextWriter(db);
  const selectMeta = db.prepare<[string], { summary: string; project_path: string; model: string; edit_count: number; write_count: number; lines_added: number; lines_removed: number } & UsageRow>(
    `SELECT summary, project_path, model, edit_count, write_count, lines_added, lines_removed, ${USAGE_COLUMNS} FROM session_index s WHERE session_id = ?`,
  );

  const toPosition = (row: Row): FilePosition => ({
    filePath: row.file_path, sessionId: row.session_id, size: row.file_size, mtimeMs: row.file_mtime_ms, ino: row.file_ino, offset: row.file_offset, headHash: row.head_hash,
  });

  const saveFile = createFileWriter(db, searchText);
  const saveSlice = db.transaction((files: readonly IndexedFile[], from: number, box: TimeBox) => {
    const chunks: UuidChunk[] = [];
    const end = runTimeBoxed(files, from, box, (file) => saveFile(file, chunks));
    return { chunks, end };
  });

  return {
    eachFileStat: (visit) => {
      for (const row of selectFileStats.iterate()) visit(row.file_path, row);
    },
    positionOf: (filePath) => {
      const row = selectPosition.get(filePath);
      return row ? toPosition(row) : undefined;
    },
    load: (filePath) => {
      const row = selectOne.get(filePath);
      if (!row) return undefined;
      return { ...toPosition(row), projectDir: row.project_dir, aggregate: { ...emptyAggregate(), ...(JSON.parse(row.parse_state) as Partial<SessionAggregate>) } };
    },
    saveSlice,
    removeAll: db.transaction((paths: string[]) => {
      const removed: string[] = [];
      for (const p of paths) {
        const sessionId = remove.get(p);
        if (sessionId) {
          removed.push(sessionId);
          searchText.remove(sessionId);
        }
        removeUuids.run(p);
        removeSummaries.run(p);
      }
      return removed;
    }),
    filePathOf: (sessionId) => selectPath.get(sessionId)?.file_path,
    isEmpty: () => any.get() === undefined,
    recordRun: ({ sessionId, routed, resumedFrom }) => {
      if (routed || (resumedFrom !== undefined && selectRouted.get(resumedFrom) !== undefined)) insertRouted.run(sessionId);
    },
    metaOf: (sessionId) => {
      const row = selectMeta.get(sessionId);
      if (!row) return undefined;
      const toolMetrics = { editCount: row.edit_count, writeCount: row.write_count, linesAdded: row.lines_added, linesRemoved: row.lines_removed };
      return { summary: row.summary, projectPath: row.project_path, model: row.model, toolMetrics, usage: usageOf(row) };
    },
  };
}

/** A second file claiming an indexed session id (same id in two project dirs) is ignored until the first goes away. */
const UPSERT_SESSION = `
    INSERT INTO session_index (session_id, file_path, file_size, file_mtime_ms, file_ino, file_offset, head_hash, project_dir, project_path,
      summary, first_prompt, cli_title, custom_title, ai_title, created_at, updated_at, message_count, edit_count, write_count, lines_added, lines_removed, model, parse_state,
      input_tokens, output_tokens, cache_creation_tokens, cache_read_tokens, cost_usd)
    VALUES (@session_id, @file_path, @file_size, @file_mtime_ms, @file_ino, @file_offset, @head_hash, @project_dir, @project_path,
      @summary, @first_prompt, @cli_title, @custom_title, @ai_title, @created_at, @updated_at, @message_count, @edit_count, @write_count, @lines_added, @lines_removed, @model, @parse_state,
      @input_tokens, @output_tokens, @cache_creation_tokens, @cache_read_tokens, @cost_usd)
    ON CONFLICT (session_id) DO UPDATE SET file_size = excluded.file_size, file_mtime_ms = excluded.file_mtime_ms, file_ino = excluded.file_ino,
      file_offset = excluded.file_offset, head_hash = excluded.head_hash, project_dir = excluded.project_dir, project_path = excluded.project_path,
      summary = COALESCE(NULLIF(excluded.custom_title, ''), NULLIF(session_index.linked_summary, ''), NULLIF(excluded.ai_title, ''), excluded.first_prompt),
      first_prompt = excluded.first_prompt, cli_title = excluded.cli_title, custom_title = excluded.custom_title, ai_title = excluded.ai_title, created_at = excluded.created_at,
      updated_at = excluded.updated_at, message_count = excluded.message_count, edit_count = excluded.edit_count, write_count = excluded.write_count,
      lines_added = excluded.lines_added, lines_removed = excluded.lines_removed, model = excluded.model, parse_state = excluded.parse_state,
      input_tokens = excluded.input_tokens, output_tokens = excluded.output_tokens, cache_creation_tokens = excluded.cache_creation_tokens,
      cache_read_tokens = excluded.cache_read_tokens, cost_usd = excluded.cost_usd
    WHERE session_index.file_path = excluded.file_path
  `;

/** Saves one read file: its session row, its summaries, its uuid keys (the chunk goes to `chunks`) and its search text. */
function createFileWriter(db: Database.Database, searchText: SearchTextWriter): (file: IndexedFile, chunks: UuidChunk[]) => void {
  const upsert = db.prepare(UPSERT_SESSION);
  const removeSummaries = db.prepare('DELETE FROM transcript_summary WHERE file_path = ?');
  const insertSummary = db.prepare('INSERT INTO transcript_summary (leaf_uuid, file_path, summary) VALUES (?, ?, ?)');
  const selectUuids = db.prepare<[string], Buffer>('SELECT prefixes FROM transcript_uuids WHERE file_path = ?').pluck();
  const writeUuids = db.prepare('INSERT INTO transcript_uuids (file_path, prefixes) VALUES (?, ?) ON CONFLICT (file_path) DO UPDATE SET prefixes = excluded.prefixes');

  /** Appends (or, read from the start, replaces) a file's uuid keys; returns the chunk for the summary links. */
  const saveUuids = (file: IndexedFile): UuidChunk | undefined => {
    if (!file.uuids) return undefined;
    const before = file.uuids.fromStart ? undefined : selectUuids.get(file.filePath);
    writeUuids.run(file.filePath, before ? Buffer.concat([before, file.uuids.keys]) : file.uuids.keys);
    return { sessionId: file.sessionId, keys: file.uuids.keys, offset: before ? before.length / 8 : 0, hasSummaries: Object.keys(file.aggregate.summaries).length > 0 };
  };

  return (file: IndexedFile, chunks: UuidChunk[]): void => {
    const agg = file.aggregate;
    const metrics = toolMetrics(agg);
    upsert.run({
      session_id: file.sessionId, file_path: file.filePath, file_size: file.size, file_mtime_ms: file.mtimeMs, file_ino: file.ino,
      file_offset: file.offset, head_hash: file.headHash, project_dir: file.projectDir,
      project_path: agg.projectPath || decodeProjectDir(file.projectDir), summary: displaySummary(agg), first_prompt: agg.firstPrompt,
      cli_title: agg.customTitle || agg.aiTitle, custom_title: agg.customTitle, ai_title: agg.aiTitle, created_at: agg.createdAt || fallbackTime(file.mtimeMs), updated_at: agg.updatedAt || fallbackTime(file.mtimeMs), message_count: agg.messageCount,
      edit_count: metrics.editCount, write_count: metrics.writeCount, lines_added: metrics.linesAdded, lines_removed: metrics.linesRemoved,
      model: agg.model, parse_state: JSON.stringify(agg), ...usageColumns(agg.usage),
    });
    removeSummaries.run(file.filePath);
    for (const [leaf, summary] of Object.entries(agg.summaries)) insertSummary.run(leaf, file.filePath, summary);
    const chunk = saveUuids(file);
    if (chunk) chunks.push(chunk);
    if (file.texts) searchText.save(file.sessionId, file.texts, file.uuids?.fromStart ?? false);
  };
}

/** A transcript whose lines carry no timestamp is dated by its file. */
function fallbackTime(mtimeMs: number): string {
  return new Date(mtimeMs).toISOString();
}

/**
 * Last resort for a transcript without any cwd: the CLI's directory name with '-' read as '/'.
 * Lossy (hyphens, dots and underscores all became '-'), so it is only used when nothing else is known.
 */
export function decodeProjectDir(dir: string): string {
  return dir.startsWith('-') ? dir.replace(/-/g, '/') : dir;
}
