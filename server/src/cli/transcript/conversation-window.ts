import fs from 'node:fs/promises';
import type { ChainNode, OrderedNode } from './chain-order';
import { orderChain } from './chain-order';
import { createCollector, detailsTail, subagentFiles, writeConversation, type Collector, type ConversationMeta, type ConversationSource } from './conversation-details';
import type { MessageNode } from './message-render';
import { readTranscriptLines } from './transcript-reader';
import { readLinesBackward } from './transcript-tail';

/** The first line of a subagent transcript holds its prompt; this much is read to find it. */
const SUBAGENT_HEAD_BYTES = 64 * 1024;

export interface WindowRequest {
  limit: number;
  /** A previous window's `before` cursor (a line start in the session's transcript); the newest messages without it. */
  before?: number;
  /** A message uuid the window must include (it reads further back than `limit` to reach it). */
  through?: string;
}

/** A window of the details: the source to write, and the cursor of the next older window (null at the start). */
export interface WindowSource extends ConversationSource {
  before: number | null;
}

/**
 * Subagent transcripts (CLI ≥ 2.1.2) whose prompt is one of the window's Task calls: the window shows them
 * whole. Only each file's first line is read to decide.
 */
async function addSubagents(files: string[], collector: Collector): Promise<string[]> {
  if (collector.taskPrompts.size === 0) return files;
  const shown = [...files];
  for (const name of await subagentFiles(files[0] as string)) {
    const probe = createCollector(undefined);
    const { size } = await fs.stat(name);
    await readTranscriptLines(name, { from: 0, to: Math.min(size, SUBAGENT_HEAD_BYTES) }, (buf, start, end, base) => probe.add(1, buf, start, end, base));
    const root = probe.nodes[0];
    if (!root?.promptText || !collector.taskPrompts.has(root.promptText)) continue;
    const file = shown.push(name) - 1;
    const result = await readTranscriptLines(name, { from: 0, to: size }, (buf, start, end, base) => collector.add(file, buf, start, end, base));
    collector.problems += result.invalidLines + result.hugeLines;
  }
  return shown;
}

/** A window's first messages may have their parent in an older window: they keep it rather than start a new tree. */
function keepOuterParents(nodes: (ChainNode | MessageNode)[], ordered: OrderedNode[]): void {
  for (const entry of ordered) {
    const node = nodes[entry.index] as MessageNode;
    if (entry.parentUuid === null && node.parentUuid !== null && !node.isSidechain) entry.parentUuid = node.parentUuid;
  }
}

/**
 * One window of GET /api/conversations/:id: the transcript is read backwards from `before` (or its end) until
 * `limit` messages are found, so a window costs the same whatever the conversation's length. Windows are
 * ranges of the transcript's lines, so consecutive ones tile it exactly; within one, the order is the
 * conversation's (the parentUuid tree), as in the whole details.
 */
export async function readConversationWindow(filePath: string, meta: ConversationMeta | undefined, request: WindowRequest): Promise<WindowSource> {
  const { size } = await fs.stat(filePath);
  const collector = createCollector(meta);
  // Collected newest first, then put back in file order for the tree walk.
  let shown = 0;
  let reached = request.through === undefined;
  const result = await readLinesBackward(filePath, Math.min(request.before ?? size, size), (buf, start, end, base) => {
    const before = collector.nodes.length;
    if (!collector.add(0, buf, start, end, base)) collector.problems++;
    const node = collector.nodes[before] as MessageNode | undefined;
    if (node?.shown) shown++;
    if (node && node.uuid === request.through) reached = true;
    return shown < request.limit || !reached;
  });
  collector.problems += result.hugeLines;
  collector.nodes.reverse();
  const files = await addSubagents([filePath], collector);
  const ordered = orderChain(collector.nodes, collector.taskPrompts);
  keepOuterParents(collector.nodes, ordered);
  const before = result.offset > 0 ? result.offset : null;
  const tail = detailsTail(collector.about(), `,"window":${JSON.stringify({ before })}`);
  return {
    before,
    messageCount: ordered.length,
    problems: collector.problems,
    write: (sink) => writeConversation(files, collector.nodes as MessageNode[], ordered, tail, sink),
  };
}
