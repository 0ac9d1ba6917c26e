import fs from 'node:fs/promises';
import type { SessionUsage, ToolMetrics } from '@cui/contract';
import path from 'node:path';
import { orderChain, type ChainNode, type OrderedNode } from './chain-order';
import { fastLinks } from './fast-node';
import { renderMessage, type MessageNode } from './message-render';
import { applyLine, displaySummary, emptyAggregate, toolMetrics } from './session-aggregate';
import { contentText, isVisibleMessage, parseLine, str, type TranscriptLine } from './transcript-line';
import { readTranscriptLines } from './transcript-reader';

/** Receives the response in pieces; a piece may be reused once the returned promise resolves. */
export type ChunkSink = (chunk: Buffer) => Promise<void>;

/** A shown message: where its line is in the file, and how it links. */
/** What the details say besides the messages (from the index when it has the session). */
export interface ConversationMeta {
  summary: string;
  projectPath: string;
  model: string;
  toolMetrics: ToolMetrics;
  /** From the index only: a window of the transcript cannot tell the whole session's usage. */
  usage?: SessionUsage;
}

/** A conversation read once (pass 1: order and metadata, no bytes kept), ready to be written (pass 2). */
export interface ConversationSource {
  messageCount: number;
  problems: number;
  write(sink: ChunkSink): Promise<void>;
}

const TASK_TOOLS = new Set(['Task', 'Agent']);
const OUT_BYTES = 1024 * 1024;
const WINDOW_BYTES = 1024 * 1024;
const MAX_SUBAGENT_FILES = 500;

function recordTaskPrompts(line: TranscriptLine, taskPrompts: Map<string, string>): void {
  const content = (line.message as { content?: unknown } | undefined)?.content;
  if (!Array.isArray(content)) return;
  for (const block of content as Record<string, unknown>[]) {
    if (block?.type !== 'tool_use' || !TASK_TOOLS.has(str(block.name)) || typeof block.id !== 'string') continue;
    const prompt = str((block.input as { prompt?: unknown } | undefined)?.prompt);
    if (prompt) taskPrompts.set(prompt, block.id);
  }
}

function toNode(line: TranscriptLine & { uuid: string }, file: number, start: number, end: number): ChainNode | MessageNode {
  const parentUuid = typeof line.parentUuid === 'string' ? line.parentUuid : null;
  if (!isVisibleMessage(line)) return { uuid: line.uuid, parentUuid };
  const explicit = line.parent_tool_use_id ?? line.parentToolUseID ?? line.parentToolUseId;
  const sidechain = line.isSidechain === true;
  return {
    uuid: line.uuid, parentUuid, shown: true, file, start, end, isSidechain: sidechain,
    complete: line.type !== 'system' && typeof line.timestamp === 'string' && typeof line.isSidechain === 'boolean' && 'parentUuid' in line,
    ...(typeof explicit === 'string' ? { explicitToolUse: explicit } : {}),
    ...(sidechain && parentUuid === null ? { promptText: contentText((line.message as { content?: unknown } | undefined)?.content) } : {}),
  };
}

/** Batches small pieces into one reused buffer; large pieces go to the sink as they are. */
function createOut(sink: ChunkSink): { put(piece: Buffer): Promise<void>; flush(): Promise<void> } {
  const out = Buffer.allocUnsafe(OUT_BYTES);
  let used = 0;
  const flush = async (): Promise<void> => {
    if (used > 0) await sink(out.subarray(0, used));
    used = 0;
  };
  return {
    async put(piece) {
      if (used + piece.length > OUT_BYTES) await flush();
      if (piece.length >= OUT_BYTES) return sink(piece);
      piece.copy(out, used);
      used += piece.length;
    },
    flush,
  };
}

/** Pass 2: the messages' bytes, read again in conversation order through a reused window (mostly sequential). */
export async function writeConversation(files: string[], nodes: MessageNode[], ordered: OrderedNode[], tail: string, sink: ChunkSink): Promise<void> {
  const handles = new Map<number, fs.FileHandle>();
  try {
    const out = createOut(sink);
    await out.put(Buffer.from('{"messages":['));
    let window = Buffer.allocUnsafe(WINDOW_BYTES);
    let windowFile = -1;
    let windowStart = 0;
    let windowEnd = 0;
    for (const [k, entry] of ordered.entries()) {
      const node = nodes[entry.index] as MessageNode;
      if (node.file !== windowFile || node.start < windowStart || node.end > windowEnd) {
        let handle = handles.get(node.file);
        if (!handle) {
          handle = await fs.open(files[node.file] as string, 'r');
          handles.set(node.file, handle);
        }
        if (node.end - node.start > window.length) window = Buffer.allocUnsafe(node.end - node.start);
        const { bytesRead } = await handle.read(window, 0, window.length, node.start);
        windowFile = node.file;
        windowStart = node.start;
        windowEnd = node.start + bytesRead;
        if (node.end > windowEnd) throw new Error(`transcript changed while it was read: ${files[node.file]}`);
      }
      if (k > 0) await out.put(Buffer.from(','));
      for (const piece of renderMessage(window.subarray(node.start - windowStart, node.end - windowStart), node, entry)) await out.put(piece);
    }
    await out.put(Buffer.from(tail));
    await out.flush();
  } finally {
    await Promise.all([...handles.values()].map((h) => h.close()));
  }
}

/**
 * Since CLI 2.1.2 a subagent writes its own transcript, `<dir>/<sessionId>/subagents/agent-<id>.jsonl`
 * (every line isSidechain: true); older CLIs wrote sidechain lines into the session's file.
 */
export async function subagentFiles(filePath: string): Promise<string[]> {
  const dir = path.join(path.dirname(filePath), path.basename(filePath, '.jsonl'), 'subagents');
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  return names.filter((n) => n.endsWith('.jsonl')).sort().slice(0, MAX_SUBAGENT_FILES).map((n) => path.join(dir, n));
}

/** Pass 1's state: the nodes met so far, the Task prompts (to place subagents) and the metadata. */
export interface Collector {
  nodes: (ChainNode | MessageNode)[];
  taskPrompts: Map<string, string>;
  problems: number;
  /** Takes one raw line of file `file` (0: the session's own transcript); false when it was invalid. */
  add(file: number, buf: Buffer, start: number, end: number, base: number): boolean;
  /** Summary, project and metadata: the index's when at hand, else what the lines seen said. */
  about(): ConversationMeta;
}

export function createCollector(meta: ConversationMeta | undefined): Collector {
  const nodes: (ChainNode | MessageNode)[] = [];
  const taskPrompts = new Map<string, string>();
  // Summary and metrics describe the session's own transcript, as in the index.
  const aggregate = emptyAggregate();
  return {
    nodes,
    taskPrompts,
    problems: 0,
    add(file, buf, start, end, base) {
      // With the index's metadata at hand, large lines only need their links (read from the raw bytes).
      const links = meta ? fastLinks(buf, start, end) : undefined;
      if (links) {
        nodes.push({ ...links, shown: true, file, start: base + start, end: base + end, complete: true });
        return true;
      }
      const verdict = parseLine(buf, start, end, true);
      if (verdict.kind === 'link') nodes.push({ uuid: verdict.uuid, parentUuid: verdict.parentUuid });
      if (verdict.kind !== 'line') return verdict.kind !== 'invalid';
      const line = verdict.line;
      if (file === 0) applyLine(aggregate, line);
      if (typeof line.uuid !== 'string') return true;
      if (line.type === 'assistant') recordTaskPrompts(line, taskPrompts);
      nodes.push(toNode(line as TranscriptLine & { uuid: string }, file, base + start, base + end));
      return true;
    },
    about: () => meta ?? { summary: displaySummary(aggregate), projectPath: aggregate.projectPath, model: aggregate.model, toolMetrics: toolMetrics(aggregate) },
  };
}

/** The details' fields after the messages (and the closing brace); `extra` is more JSON members. */
export function detailsTail(about: ConversationMeta, extra = ''): string {
  const metadata = { ...(about.model ? { model: about.model } : {}), toolMetrics: about.toolMetrics, ...(about.usage ? { usage: about.usage } : {}) };
  return `],"summary":${JSON.stringify(about.summary)},"projectPath":${JSON.stringify(about.projectPath)},"metadata":${JSON.stringify(metadata)}${extra}}`;
}

/**
 * GET /api/conversations/:id from the whole transcript (it may be newer than the index), in two passes so
 * that memory stays small whatever the transcript's size: pass 1 parses each line once to order the
 * messages and drops it; pass 2 streams the messages' own bytes in that order.
 */
export async function readConversation(filePath: string, meta?: ConversationMeta): Promise<ConversationSource> {
  const files = [filePath, ...(await subagentFiles(filePath))];
  const collector = createCollector(meta);
  for (const [file, name] of files.entries()) {
    const { size } = await fs.stat(name);
    const result = await readTranscriptLines(name, { from: 0, to: size }, (buf, start, end, base) => collector.add(file, buf, start, end, base));
    collector.problems += result.invalidLines + result.hugeLines;
  }
  const ordered = orderChain(collector.nodes, collector.taskPrompts);
  const tail = detailsTail(collector.about());
  return {
    messageCount: ordered.length,
    problems: collector.problems,
    write: (sink) => writeConversation(files, collector.nodes as MessageNode[], ordered, tail, sink),
  };
}

/** The whole details document in one buffer (small transcripts, tests). */
export async function conversationJson(filePath: string, meta?: ConversationMeta): Promise<Buffer> {
  const chunks: Buffer[] = [];
  await (await readConversation(filePath, meta)).write(async (chunk) => void chunks.push(Buffer.from(chunk)));
  return Buffer.concat(chunks);
}
