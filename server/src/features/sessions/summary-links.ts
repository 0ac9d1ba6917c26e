import type Database from 'better-sqlite3';

/**
 * A `summary` line (older CLIs) titles the session that contains its `leafUuid`, whichever file the line sits in:
 * that is how Claude Code's own resume picker names sessions. Each file's uuids are kept as 8-byte keys in file
 * order (transcript_uuids, see migration 004), so a leaf is found without reading transcripts again, and a
 * summary or a leaf arriving later in any file retitles the right session.
 */
export interface SummaryLinks {
  /** Call after the files of one sweep were saved; resolves what changed and recomputes the affected titles. */
  update(changes: LinkChanges): void;
}

export interface UuidChunk {
  sessionId: string;
  /** The keys of the uuids read in this chunk (uuidKeys), in file order. */
  keys: Buffer;
  /** Ordinal of the chunk's first uuid in its file (0 when the file was read from its start). */
  offset: number;
}

export interface LinkChanges {
  saved: UuidChunk[];
  /** Sessions whose file was removed or re-read from its start: leaves found in them are looked for again. */
  reset: string[];
}

/** 8 bytes per uuid: its first and last 8 hex digits (random in a v4 uuid) as little-endian uint32s. */
export function uuidKeys(uuids: string[]): Buffer {
  const out = Buffer.alloc(uuids.length * 8);
  uuids.forEach((uuid, i) => {
    out.writeUInt32LE(parseInt(uuid.slice(0, 8), 16) >>> 0, i * 8);
    out.writeUInt32LE(parseInt(uuid.slice(-8), 16) >>> 0, i * 8 + 4);
  });
  return out;
}

interface Found {
  sessionId: string;
  position: number;
  /** Where in its file the leaf sits, 0..1: a leaf copied into several sessions belongs to the one it ends. */
  depth: number;
}

/** Looks for the wanted leaves among the given files' keys; keeps the best match of each. */
function findLeaves(wanted: string[], files: Iterable<UuidChunk & { total: number }>): Map<string, Found> {
  const byHigh = new Map<number, { low: number; leaf: string }[]>();
  const keys = uuidKeys(wanted);
  wanted.forEach((leaf, i) => {
    const high = keys.readUInt32LE(i * 8);
    byHigh.set(high, [...(byHigh.get(high) ?? []), { low: keys.readUInt32LE(i * 8 + 4), leaf }]);
  });
  const found = new Map<string, Found>();
  for (const file of files) {
    for (let at = 0; at + 8 <= file.keys.length; at += 8) {
      const candidates = byHigh.get(file.keys.readUInt32LE(at));
      if (!candidates) continue;
      const low = file.keys.readUInt32LE(at + 4);
      for (const c of candidates) {
        if (c.low !== low) continue;
        const position = file.offset + at / 8;
        const depth = (position + 1) / Math.max(1, file.total);
        const best = found.get(c.leaf);
        if (!best || depth > best.depth) found.set(c.leaf, { sessionId: file.sessionId, position, depth });
      }
    }
  }
  return found;
}

export function createSummaryLinks(db: Database.Database): SummaryLinks {
  const leavesOf = db.prepare<[string], { leaf_uuid: string }>('SELECT leaf_uuid FROM summary_leaf WHERE session_id = ?');
  const staleLeaves = db.prepare<[], { leaf_uuid: string; session_id: string | null }>(
    'SELECT leaf_uuid, session_id FROM summary_leaf l WHERE NOT EXISTS (SELECT 1 FROM transcript_summary t WHERE t.leaf_uuid = l.leaf_uuid)');
  const newLeaves = db.prepare<[], string>(
    'SELECT DISTINCT t.leaf_uuid FROM transcript_summary t WHERE NOT EXISTS (SELECT 1 FROM summary_leaf l WHERE l.leaf_uuid = t.leaf_uuid)').pluck();
  const orphans = db.prepare<[], string>('SELECT leaf_uuid FROM summary_leaf WHERE session_id IS NULL').pluck();
  const allKeys = db.prepare<[], { session_id: string; prefixes: Buffer }>(
    'SELECT s.session_id, u.prefixes FROM transcript_uuids u JOIN session_index s ON s.file_path = u.file_path');
  const sessionsOfFileSummaries = db.prepare<[string], string>(`SELECT l.session_id FROM transcript_summary t JOIN summary_leaf l ON l.leaf_uuid = t.leaf_uuid
    JOIN session_index s ON s.file_path = t.file_path WHERE s.session_id = ? AND l.session_id IS NOT NULL`).pluck();
  const deleteLeaf = db.prepare('DELETE FROM summary_leaf WHERE leaf_uuid = ?');
  const setLeaf = db.prepare('INSERT INTO summary_leaf (leaf_uuid, session_id, position) VALUES (?, ?, ?) ON CONFLICT (leaf_uuid) DO UPDATE SET session_id = excluded.session_id, position = excluded.position');
  const linkedOf = db.prepare<[string], string>(`SELECT t.summary FROM summary_leaf l JOIN transcript_summary t ON t.leaf_uuid = l.leaf_uuid
    WHERE l.session_id = ? ORDER BY l.position DESC, t.rowid DESC LIMIT 1`).pluck();
  const retitle = db.prepare(`UPDATE session_index SET linked_summary = @linked,
    summary = COALESCE(NULLIF(custom_title, ''), NULLIF(@linked, ''), NULLIF(ai_title, ''), first_prompt) WHERE session_id = @sessionId`);

  const update = db.transaction((changes: LinkChanges) => {
    const affected = new Set<string>();
    const lookAgain = new Set<string>(newLeaves.all());
    for (const sessionId of changes.reset) {
      for (const { leaf_uuid } of leavesOf.all(sessionId)) lookAgain.add(leaf_uuid);
      affected.add(sessionId);
    }
    for (const stale of staleLeaves.all()) {
      deleteLeaf.run(stale.leaf_uuid);
      lookAgain.delete(stale.leaf_uuid);
      if (stale.session_id) affected.add(stale.session_id);
    }
    const resolved = new Map<string, Found | undefined>();
    if (lookAgain.size > 0) {
      const files = allKeys.all().map((row) => ({ sessionId: row.session_id, keys: row.prefixes, offset: 0, total: row.prefixes.length / 8 }));
      const found = findLeaves([...lookAgain], files);
      for (const leaf of lookAgain) resolved.set(leaf, found.get(leaf));
    }
    // A leaf not found yet may be in what this sweep just read.
    const waiting = orphans.all().filter((leaf) => !lookAgain.has(leaf));
    if (waiting.length > 0 && changes.saved.length > 0) {
      const found = findLeaves(waiting, changes.saved.map((chunk) => ({ ...chunk, total: chunk.offset + chunk.keys.length / 8 })));
      for (const [leaf, where] of found) resolved.set(leaf, where);
    }
    for (const [leaf, where] of resolved) {
      setLeaf.run(leaf, where?.sessionId ?? null, where?.position ?? 0);
      if (where) affected.add(where.sessionId);
    }
    // The summary lines a saved file holds may have changed: the sessions they title are recomputed.
    for (const chunk of changes.saved) for (const sessionId of sessionsOfFileSummaries.all(chunk.sessionId)) affected.add(sessionId);
    for (const sessionId of affected) retitle.run({ sessionId, linked: linkedOf.get(sessionId) ?? '' });
  });
  return { update };
}
