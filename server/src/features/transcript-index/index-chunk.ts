import { applyLine, type SessionAggregate } from '../../cli/transcript/session-aggregate';
import { uuidKeys } from './summary-links';
import type { TranscriptLine } from '../../cli/transcript/transcript-line';
import { parsingHandler, readTranscriptLines } from '../../cli/transcript/transcript-reader';
import { searchTextOf, type SearchText } from '../search/index';

/** Bytes read at the start of a file to notice a file replaced by another of at least the same size. */
export const HEAD_BYTES = 1024;

/** One piece of indexing work: the lines of a file between two offsets, folded into the aggregate so far. */
export interface ChunkJob {
  filePath: string;
  from: number;
  to: number;
  aggregate: SessionAggregate;
}

export interface ChunkResult {
  aggregate: SessionAggregate;
  /** Just after the last complete line read. */
  offset: number;
  head?: Buffer;
  /** uuidKeys of the uuids read, in file order. */
  keys: Buffer;
  /** The searchable text of the messages read, in file order. */
  texts: SearchText[];
  invalidLines: number;
  hugeLines: number;
}

/** Reads and folds one chunk. Pure apart from reading the file: it runs in the index workers or in-thread. */
export async function readChunk(job: ChunkJob): Promise<ChunkResult> {
  const aggregate = { ...job.aggregate, pending: { ...job.aggregate.pending }, summaries: { ...job.aggregate.summaries }, countedIds: [...job.aggregate.countedIds] };
  const uuids: string[] = [];
  const texts: SearchText[] = [];
  const onLine = (line: TranscriptLine): void => {
    applyLine(aggregate, line);
    if (typeof line.uuid === 'string') uuids.push(line.uuid);
    const text = searchTextOf(line);
    if (text) texts.push(text);
  };
  const result = await readTranscriptLines(job.filePath, { from: job.from, to: job.to }, parsingHandler({ line: onLine }), { headBytes: HEAD_BYTES });
  return { aggregate, offset: result.offset, head: result.head, keys: uuidKeys(uuids), texts, invalidLines: result.invalidLines, hugeLines: result.hugeLines };
}
