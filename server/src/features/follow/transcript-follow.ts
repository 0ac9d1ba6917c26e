import fs from 'node:fs/promises';
import type { ConversationMessage } from '@cui/contract';
import { toMessage } from '../../cli/transcript/message-render';
import { isVisibleMessage, parseLine } from '../../cli/transcript/transcript-line';
import { readTranscriptLines } from '../../cli/transcript/transcript-reader';
import { readLinesBackward } from '../../cli/transcript/transcript-tail';

/** Hidden lines remembered to bridge a message's parentUuid over them; older ones are forgotten first. */
const MAX_HIDDEN = 10_000;

/** Reads the messages a transcript gains, from a byte cursor: the follow stream's source (issue 18). */
export interface TranscriptTail {
  /** Byte offset just after the last complete line read. */
  readonly offset: number;
  /**
   * The messages written since the last read (file order, the details route's shape). A half-written last line
   * waits for the next read; a file that shrank (rewritten) is read again from its start.
   */
  read(): Promise<ConversationMessage[]>;
}

/** Where the transcript's complete lines end now (a last line still being written is not counted). */
export async function completeEnd(filePath: string): Promise<number> {
  const { size } = await fs.stat(filePath);
  let end = 0;
  await readLinesBackward(filePath, size, (_buf, _start, lineEnd, base) => {
    end = base + lineEnd + 1;
    return false;
  });
  return end;
}

export function createTranscriptTail(filePath: string, from: number): TranscriptTail {
  let offset = from;
  // Attachments and other hidden lines sit in the uuid chain: a message's parent is the nearest shown ancestor,
  // as in the details (when that ancestor was read before this stream began, the hidden line's own parent).
  const hidden = new Map<string, string | null>();
  const shownParent = (parentUuid: string | null): string | null => (parentUuid !== null && hidden.has(parentUuid) ? (hidden.get(parentUuid) ?? null) : parentUuid);
  const hide = (uuid: string, parentUuid: string | null): void => {
    hidden.set(uuid, shownParent(parentUuid));
    if (hidden.size > MAX_HIDDEN) hidden.delete(hidden.keys().next().value as string);
  };
  return {
    get offset() {
      return offset;
    },
    async read() {
      const { size } = await fs.stat(filePath);
      if (size < offset) {
        offset = 0;
        hidden.clear();
      }
      if (size === offset) return [];
      const messages: ConversationMessage[] = [];
      const result = await readTranscriptLines(filePath, { from: offset, to: size }, (buf, start, end) => {
        const verdict = parseLine(buf, start, end, true);
        if (verdict.kind === 'link') hide(verdict.uuid, verdict.parentUuid);
        if (verdict.kind !== 'line') return verdict.kind !== 'invalid';
        const { line } = verdict;
        if (typeof line.uuid !== 'string') return true;
        const parentUuid = typeof line.parentUuid === 'string' ? line.parentUuid : null;
        if (isVisibleMessage(line)) messages.push({ ...toMessage(line), parentUuid: shownParent(parentUuid) });
        else hide(line.uuid, parentUuid);
        return true;
      });
      offset = result.offset;
      return messages;
    },
  };
}
