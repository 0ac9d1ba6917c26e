import { createHash } from 'node:crypto';
import path from 'node:path';
import type { Logger } from 'pino';
import { emptyAggregate } from '../../cli/transcript/session-aggregate';
import { HEAD_BYTES } from './index-chunk';
import type { IndexPool } from './index-pool';
import type { IndexedFile, IndexStore } from './index-store';

const SESSION_FILE = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.jsonl$/i;

/** What a sweep knows of a transcript on disk. */
export interface Stat {
  size: number;
  mtimeMs: number;
  ino: number;
}

export function sessionIdOf(filePath: string): string | undefined {
  return SESSION_FILE.exec(path.basename(filePath))?.[1]?.toLowerCase();
}

export function isTranscriptName(name: string): boolean {
  return SESSION_FILE.test(name);
}

export function unchanged(known: Stat | undefined, stat: Stat): boolean {
  return known !== undefined && known.size === stat.size && known.mtimeMs === stat.mtimeMs && known.ino === stat.ino;
}

function hashOf(head: Buffer | undefined, length: number): string {
  if (!head || length <= 0) return '';
  return createHash('sha1').update(head.subarray(0, Math.min(length, HEAD_BYTES))).digest('hex');
}

function fresh(filePath: string, sessionId: string): IndexedFile {
  return { filePath, sessionId, projectDir: path.basename(path.dirname(filePath)), size: 0, mtimeMs: 0, ino: 0, offset: 0, headHash: '', aggregate: emptyAggregate() };
}

/** Reads one transcript's news for the index: appends from the saved offset, a truncated or rewritten file anew. */
export interface TranscriptFileReader {
  /** What is new in the file, or undefined: no session file, a second file of an indexed session, or unreadable now. */
  read(filePath: string, stat: Stat, pool: IndexPool): Promise<IndexedFile | undefined>;
  /** A second file of an indexed session, unchanged since it was last seen: not read again until it changes. */
  isKnownDuplicate(filePath: string, stat: Stat): boolean;
  /** After a deletion: a second file of a removed session may now be indexed. */
  forgetDuplicates(): void;
}

export interface TranscriptFileReaderDeps {
  store: IndexStore;
  logger: Logger;
  /** The session is read again from its start (truncated, replaced or rewritten): its summary links are reset. */
  onReset: (sessionId: string) => void;
}

export function createTranscriptFileReader({ store, logger, onReset }: TranscriptFileReaderDeps): TranscriptFileReader {
  // A second file naming an indexed session (the same id in two project directories) is not indexed;
  // remembering its size and mtime keeps sweeps from re-reading it until it changes.
  const duplicates = new Map<string, string>();
  const signatureOf = (stat: Stat): string => `${stat.size}:${stat.mtimeMs}`;

  async function readFrom(file: IndexedFile, stat: Stat, pool: IndexPool): Promise<IndexedFile & { head?: Buffer }> {
    const result = await pool.read({ filePath: file.filePath, from: file.offset, to: stat.size, aggregate: file.aggregate });
    if (result.invalidLines > 0 || result.hugeLines > 0) {
      logger.warn({ component: 'sessions', file: file.filePath, invalidLines: result.invalidLines, hugeLines: result.hugeLines }, 'transcript lines skipped');
    }
    return {
      ...file, aggregate: result.aggregate, size: stat.size, mtimeMs: stat.mtimeMs, ino: stat.ino, offset: result.offset,
      headHash: hashOf(result.head, result.offset), head: result.head, uuids: { keys: result.keys, fromStart: file.offset === 0 }, texts: result.texts,
    };
  }

  function readAnew(filePath: string, sessionId: string, stat: Stat, pool: IndexPool, why: string): Promise<IndexedFile> {
    logger.info({ component: 'sessions', file: filePath }, `transcript ${why}: re-indexing`);
    onReset(sessionId);
    return readFrom(fresh(filePath, sessionId), stat, pool);
  }

  /** Reads what is new in one file; re-indexes from the start when it was truncated or replaced. */
  async function indexFile(filePath: string, stat: Stat, pool: IndexPool): Promise<IndexedFile | undefined> {
    const sessionId = sessionIdOf(filePath);
    if (!sessionId) return undefined;
    const previous = store.load(filePath);
    const owner = previous ? filePath : store.filePathOf(sessionId);
    if (owner && owner !== filePath) {
      if (duplicates.get(filePath) !== signatureOf(stat)) logger.warn({ component: 'sessions', file: filePath, indexed: owner }, 'session already indexed from another file: ignored');
      duplicates.set(filePath, signatureOf(stat));
      return undefined;
    }
    duplicates.delete(filePath);
    if (previous && (stat.size < previous.offset || stat.ino !== previous.ino)) return readAnew(filePath, sessionId, stat, pool, 'truncated or replaced');
    const updated = await readFrom(previous ?? fresh(filePath, sessionId), stat, pool);
    if (previous && hashOf(updated.head, previous.offset) !== previous.headHash) return readAnew(filePath, sessionId, stat, pool, 'rewritten');
    return updated;
  }

  return {
    async read(filePath, stat, pool) {
      try {
        return await indexFile(filePath, stat, pool);
      } catch (error) {
        // A file that vanished or became unreadable mid-read is retried on the next sweep.
        logger.warn({ component: 'sessions', file: filePath, err: error }, 'transcript could not be indexed');
        return undefined;
      }
    },
    isKnownDuplicate: (filePath, stat) => duplicates.get(filePath) === signatureOf(stat),
    forgetDuplicates: () => duplicates.clear(),
  };
}
