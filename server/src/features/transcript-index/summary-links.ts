import type Database from 'better-sqlite3';
import { indexTimeBox, repeatTimeBoxed, type TimeBox } from '../../platform/time-box';

/**
 * A `summary` line (older CLIs) titles the session that contains its `leafUuid`, whichever file the line sits in:
 * that is how Claude Code's own resume picker names sessions. Each file's uuids are kept as 8-byte keys in file
 * order (transcript_uuids, see migration 004), so a leaf is found without reading transcripts again, and a
 * summary or a leaf arriving later in any file retitles the right session.
 */
export interface SummaryLinks {
  /** Call after the files of one sweep were saved; resolves what changed and recomputes the affected titles. */
  update(changes: LinkChanges): Promise<void>;
}

export interface UuidChunk {
  sessionId: string;
  /** The keys of the uuids read in this chunk (uuidKeys), in file order. */
  keys: Buffer;
  /** Ordinal of the chunk's first uuid in its file (0 when the file was read from its start). */
  offset: number;
  /** The file holds summary lines (whose titles may have changed). */
  hasSummaries: boolean;
}

export interface LinkChanges {
  saved: UuidChunk[];
  /** Sessions whose file was removed or re-read from its start: leaves found in them are looked for again. */
  reset: string[];
}

/**
 * 8 bytes per uuid: its first and last 8 hex digits (random in a v4 uuid) as two uint32s in the machine's byte
 * order (little-endian on every platform Node ships for), over an aligned buffer so that they are scanned as a
 * Uint32Array.
 */
export function uuidKeys(uuids: string[]): Buffer {
  const keys = new Uint32Array(uuids.length * 2);
  uuids.forEach((uuid, i) => {
    keys[i * 2] = hex8(uuid, 0);
    keys[i * 2 + 1] = hex8(uuid, uuid.length - 8);
  });
  return Buffer.from(keys.buffer);
}

/** 8 hex digits from `from` as a uint32 (called for every line of every transcript: no slicing, no parseInt). */
function hex8(text: string, from: number): number {
  let value = 0;
  for (let i = from; i < from + 8; i++) {
    const c = text.charCodeAt(i) | 0x20; // lower-case letters; NaN (past either end) becomes 0x20
    value = value * 16 + (c <= 0x39 ? c - 0x30 : c - 0x57);
  }
  return value >>> 0;
}

function asUint32(keys: Buffer): Uint32Array {
  const aligned = keys.byteOffset % 4 === 0 ? keys : Buffer.from(keys);
  return new Uint32Array(aligned.buffer, aligned.byteOffset, Math.floor(aligned.length / 4));
}

interface Found {
  sessionId: string;
  position: number;
  /** Where in its file the leaf sits, 0..1: a leaf copied into several sessions belongs to the one it ends. */
  depth: number;
}

type KeyFile = Pick<UuidChunk, 'sessionId' | 'keys' | 'offset'> & { total: number };

/** Looks for the wanted leaves in files' keys, a file at a time; keeps the best match of each. */
function leafFinder(wanted: string[]): { scan: (file: KeyFile) => void; found: Map<string, Found> } {
  const byHigh = new Map<number, { low: number; leaf: string }[]>();
  const wantedKeys = asUint32(uuidKeys(wanted));
  wanted.forEach((leaf, i) => {
    const high = wantedKeys[i * 2] as number;
    byHigh.set(high, [...(byHigh.get(high) ?? []), { low: wantedKeys[i * 2 + 1] as number, leaf }]);
  });
  const found = new Map<string, Found>();
  const scan = (file: KeyFile): void => {
    const keys = asUint32(file.keys);
    for (let at = 0; at + 1 < keys.length; at += 2) {
      const candidates = byHigh.get(keys[at] as number);
      if (!candidates) continue;
      for (const c of candidates) {
        if (c.low !== keys[at + 1]) continue;
        const position = file.offset + at / 2;
        const depth = (position + 1) / Math.max(1, file.total);
        const best = found.get(c.leaf);
        if (!best || depth > best.depth) found.set(c.leaf, { sessionId: file.sessionId, position, depth });
      }
    }
  };
  return { scan, found };
}

/**
 * Finds the wanted leaves among the files, scanning them in time-boxed slices with the event loop free between them
 * (every indexed file's keys, 10,000 sessions' worth at the end of a first index, was one long task).
 */
async function findLeaves(wanted: string[], files: Iterator<KeyFile>, box: TimeBox): Promise<Map<string, Found>> {
  const finder = leafFinder(wanted);
  const step = (): boolean => {
    const next = files.next();
    if (next.done) return false;
    finder.scan(next.value);
    return true;
  };
  while (repeatTimeBoxed(box, step)) await box.between();
  return finder.found;
}

/** `box`: how long one slice of the leaf scan may hold the main thread (default: indexTimeBox()). */
export function createSummaryLinks(db: Database.Database, box: TimeBox = indexTimeBox()): SummaryLinks {
  const leavesOf = db.prepare<[string], { leaf_uuid: string }>('SELECT leaf_uuid FROM summary_leaf WHERE session_id = ?');
  const staleLeaves = db.prepare<[], { leaf_uuid: string; session_id: string | null }>(
    'SELECT leaf_uuid, session_id FROM summary_leaf l WHERE NOT EXISTS (SELECT 1 FROM transcript_summary t WHERE t.leaf_uuid = l.leaf_uuid)');
  const newLeaves = db.prepare<[], string>(
    'SELECT DISTINCT t.leaf_uuid FROM transcript_summary t WHERE NOT EXISTS (SELECT 1 FROM summary_leaf l WHERE l.leaf_uuid = t.leaf_uuid)').pluck();
  const orphans = db.prepare<[], string>('SELECT leaf_uuid FROM summary_leaf WHERE session_id IS NULL').pluck();
  const indexedFiles = db.prepare<[], { session_id: string; file_path: string }>('SELECT session_id, file_path FROM session_index');
  const keysOf = db.prepare<[string], Buffer>('SELECT prefixes FROM transcript_uuids WHERE file_path = ?').pluck();

  /** Every indexed file's keys: those read whole by this sweep from memory, the others from the database. */
  function* everyFile(saved: UuidChunk[]): Generator<KeyFile> {
    const whole = new Map(saved.filter((chunk) => chunk.offset === 0).map((chunk) => [chunk.sessionId, chunk]));
    for (const chunk of whole.values()) yield { ...chunk, total: chunk.keys.length / 8 };
    for (const row of indexedFiles.all()) {
      if (whole.has(row.session_id)) continue;
      const keys = keysOf.get(row.file_path);
      if (keys) yield { sessionId: row.session_id, keys, offset: 0, total: keys.length / 8 };
    }
  }
  const sessionsOfFileSummaries = db.prepare<[string], string>(`SELECT l.session_id FROM transcript_summary t JOIN summary_leaf l ON l.leaf_uuid = t.leaf_uuid
    JOIN session_index s ON s.file_path = t.file_path WHERE s.session_id = ? AND l.session_id IS NOT NULL`).pluck();
  const deleteLeaf = db.prepare('DELETE FROM summary_leaf WHERE leaf_uuid = ?');
  const setLeaf = db.prepare('INSERT INTO summary_leaf (leaf_uuid, session_id, position) VALUES (?, ?, ?) ON CONFLICT (leaf_uuid) DO UPDATE SET session_id = excluded.session_id, position = excluded.position');
  const linkedOf = db.prepare<[string], string>(`SELECT t.summary FROM summary_leaf l JOIN transcript_summary t ON t.leaf_uuid = l.leaf_uuid
    WHERE l.session_id = ? ORDER BY l.position DESC, t.rowid DESC LIMIT 1`).pluck();
  const retitle = db.prepare(`UPDATE session_index SET linked_summary = @linked,
    summary = COALESCE(NULLIF(custom_title, ''), NULLIF(@linked, ''), NULLIF(ai_title, ''), first_prompt) WHERE session_id = @sessionId`);

  /** What the scan found, written at once: a kill before it leaves the links as they were (the next sweep redoes them). */
  const apply = db.transaction((stale: { leaf_uuid: string; session_id: string | null }[], resolved: Map<string, Found | undefined>, changes: LinkChanges, affected: Set<string>) => {
    for (const leaf of stale) {
      deleteLeaf.run(leaf.leaf_uuid);
      if (leaf.session_id) affected.add(leaf.session_id);
    }
    for (const [leaf, where] of resolved) {
      setLeaf.run(leaf, where?.sessionId ?? null, where?.position ?? 0);
      if (where) affected.add(where.sessionId);
    }
    // The summary lines a saved file holds may have changed: the sessions they title are recomputed.
    for (const chunk of changes.saved) {
      if (chunk.hasSummaries) for (const sessionId of sessionsOfFileSummaries.all(chunk.sessionId)) affected.add(sessionId);
    }
    for (const sessionId of affected) retitle.run({ sessionId, linked: linkedOf.get(sessionId) ?? '' });
  });

  /**
   * Reads what to look for, scans the files between other work, then writes the result in one transaction. The caller
   * (the indexer, whose syncs are serialised) writes none of these tables meanwhile, so the reads stay true until then.
   */
  const update = async (changes: LinkChanges): Promise<void> => {
    const affected = new Set<string>();
    const lookAgain = new Set<string>(newLeaves.all());
    for (const sessionId of changes.reset) {
      for (const { leaf_uuid } of leavesOf.all(sessionId)) lookAgain.add(leaf_uuid);
      affected.add(sessionId);
    }
    const stale = staleLeaves.all();
    for (const leaf of stale) lookAgain.delete(leaf.leaf_uuid);
    const resolved = new Map<string, Found | undefined>();
    if (lookAgain.size > 0) {
      const found = await findLeaves([...lookAgain], everyFile(changes.saved), box);
      for (const leaf of lookAgain) resolved.set(leaf, found.get(leaf));
    }
    // A leaf not found yet may be in what this sweep just read.
    const gone = new Set(stale.map((leaf) => leaf.leaf_uuid));
    const waiting = orphans.all().filter((leaf) => !lookAgain.has(leaf) && !gone.has(leaf));
    if (waiting.length > 0 && changes.saved.length > 0) {
      const chunks = changes.saved.map((chunk) => ({ ...chunk, total: chunk.offset + chunk.keys.length / 8 }));
      for (const [leaf, where] of await findLeaves(waiting, chunks.values(), box)) resolved.set(leaf, where);
    }
    apply(stale, resolved, changes, affected);
  };
  return { update };
}
