import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createRandom } from '../../../../bench/corpus-lines';
import { generateSession } from '../../../../bench/generate-corpus';
import { readChunk } from './index-chunk';
import { applyLine, emptyAggregate } from '../../cli/transcript/session-aggregate';
import { uuidKeys } from './summary-links';
import type { TranscriptLine } from '../../cli/transcript/transcript-line';
import { parsingHandler, readTranscriptLines } from '../../cli/transcript/transcript-reader';

const FIXTURE = fileURLToPath(new URL('../../cli/transcript/fixtures/transcript-after-resume.jsonl', import.meta.url));

/** The reference: every line JSON-parsed and folded. */
async function parsedEverything(file: string) {
  const aggregate = emptyAggregate();
  const uuids: string[] = [];
  const visit = (line: TranscriptLine): void => {
    applyLine(aggregate, line);
    if (typeof line.uuid === 'string') uuids.push(line.uuid);
  };
  const result = await readTranscriptLines(file, { from: 0, to: fs.statSync(file).size }, parsingHandler({ line: visit }));
  return { aggregate, keys: uuidKeys(uuids), offset: result.offset, invalidLines: result.invalidLines };
}

describe('readChunk', () => {
  it('folds a whole file exactly as parsing and applying every line does, and keys its uuids in file order (recorded and generated CLI layouts)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cui-chunk-'));
    const files = [FIXTURE];
    for (const seed of [1, 2, 3, 4]) {
      const session = generateSession(createRandom(seed), '/home/dev/app', Date.parse('2026-01-01T00:00:00Z'), 400);
      const file = path.join(dir, `${session.sessionId}.jsonl`);
      fs.writeFileSync(file, `${session.lines.join('\n')}\n`);
      files.push(file);
    }
    for (const file of files) {
      const reference = await parsedEverything(file);
      const fast = await readChunk({ filePath: file, from: 0, to: fs.statSync(file).size, aggregate: emptyAggregate() });
      expect({ aggregate: fast.aggregate, keys: fast.keys, offset: fast.offset, invalidLines: fast.invalidLines }).toEqual(reference);
    }
  });
});
