import fs from 'node:fs/promises';
import type { ConversationMessage } from '@cui/contract';
import { orderChain, type ChainNode, type OrderedNode } from './chain-order';
import { applyLine, displaySummary, emptyAggregate, toolMetrics } from './session-aggregate';
import { contentText, isVisibleMessage, parseLine, str, type TranscriptLine } from './transcript-line';
import { forEachLine } from './transcript-reader';

/** A shown message: where its line is in the file, and how it links. */
interface MessageNode extends ChainNode {
  start: number;
  end: number;
  /** The line already has every field of a message in the contract's shapes (the CLI's lines do). */
  complete: boolean;
}

const TASK_TOOLS = new Set(['Task', 'Agent']);
const PARENT_PREFIX = Buffer.from('{"parentUuid":');
const COMMA = Buffer.from(',');

/** A message built field by field (lines that cannot be passed through: system lines, unusual layouts). */
export function toMessage(line: TranscriptLine): ConversationMessage {
  const message = line.type === 'system' ? { content: str(line.content), subtype: str(line.subtype) } : (line.message as ConversationMessage['message']);
  const explicitToolUse = line.parent_tool_use_id ?? line.parentToolUseID ?? line.parentToolUseId;
  return {
    uuid: line.uuid as string,
    type: line.type as ConversationMessage['type'],
    message,
    timestamp: str(line.timestamp),
    ...(typeof line.cwd === 'string' ? { cwd: line.cwd } : {}),
    isSidechain: line.isSidechain === true,
    parentUuid: typeof line.parentUuid === 'string' ? line.parentUuid : null,
    ...(typeof line.sessionId === 'string' ? { sessionId: line.sessionId } : {}),
    ...(line.toolUseResult !== undefined ? { toolUseResult: line.toolUseResult } : {}),
    ...(typeof explicitToolUse === 'string' ? { parentToolUseId: explicitToolUse } : {}),
  };
}

/** Where the value of a leading `"parentUuid"` key ends, or -1 when the line does not start with one. */
function parentValueEnd(buf: Buffer, node: MessageNode): number {
  for (let i = 0; i < PARENT_PREFIX.length; i++) if (buf[node.start + i] !== PARENT_PREFIX[i]) return -1;
  const at = node.start + PARENT_PREFIX.length;
  if (buf.toString('latin1', at, at + 4) === 'null') return at + 4;
  if (buf[at] !== 0x22) return -1;
  const close = buf.indexOf(0x22, at + 1);
  return close > 0 && close < node.end ? close + 1 : -1;
}

/**
 * One message as JSON. The CLI's line already has the message's fields (uuid, type, message, timestamp, cwd,
 * isSidechain, parentUuid, toolUseResult, plus a few extra ones), so its bytes are passed through; only a
 * parentUuid bridged over hidden lines is spliced in and a sidechain's parentToolUseId appended.
 */
function renderMessage(buf: Buffer, node: MessageNode, ordered: OrderedNode): Buffer {
  const spliceParent = ordered.parentUuid !== node.parentUuid;
  const appendToolUse = ordered.parentToolUseId !== null && ordered.parentToolUseId !== node.explicitToolUse;
  const passThrough = node.complete && buf[node.end - 1] === 0x7d;
  if (passThrough && !spliceParent && !appendToolUse) return buf.subarray(node.start, node.end);
  const valueEnd = passThrough ? parentValueEnd(buf, node) : -1;
  if (valueEnd > 0) {
    const tail = appendToolUse ? `,"parentToolUseId":${JSON.stringify(ordered.parentToolUseId)}}` : '}';
    return Buffer.concat([PARENT_PREFIX, Buffer.from(JSON.stringify(ordered.parentUuid)), buf.subarray(valueEnd, node.end - 1), Buffer.from(tail)]);
  }
  const line = JSON.parse(buf.toString('utf8', node.start, node.end)) as TranscriptLine;
  return Buffer.from(JSON.stringify({ ...toMessage(line), parentUuid: ordered.parentUuid, parentToolUseId: ordered.parentToolUseId }));
}

function recordTaskPrompts(line: TranscriptLine, taskPrompts: Map<string, string>): void {
  const content = (line.message as { content?: unknown } | undefined)?.content;
  if (!Array.isArray(content)) return;
  for (const block of content as Record<string, unknown>[]) {
    if (block?.type !== 'tool_use' || !TASK_TOOLS.has(str(block.name)) || typeof block.id !== 'string') continue;
    const prompt = str((block.input as { prompt?: unknown } | undefined)?.prompt);
    if (prompt) taskPrompts.set(prompt, block.id);
  }
}

function toNode(line: TranscriptLine & { uuid: string }, start: number, end: number): ChainNode | MessageNode {
  const parentUuid = typeof line.parentUuid === 'string' ? line.parentUuid : null;
  if (!isVisibleMessage(line)) return { uuid: line.uuid, parentUuid };
  const explicit = line.parent_tool_use_id ?? line.parentToolUseID ?? line.parentToolUseId;
  const sidechain = line.isSidechain === true;
  return {
    uuid: line.uuid, parentUuid, shown: true, start, end, isSidechain: sidechain,
    complete: line.type !== 'system' && typeof line.timestamp === 'string' && typeof line.isSidechain === 'boolean' && 'parentUuid' in line,
    ...(typeof explicit === 'string' ? { explicitToolUse: explicit } : {}),
    ...(sidechain && parentUuid === null ? { promptText: contentText((line.message as { content?: unknown } | undefined)?.content) } : {}),
  };
}

/**
 * GET /api/conversations/:id as JSON, from the whole transcript (it may be newer than the index), as a list
 * of byte slices to stream: each line is parsed once and dropped, and the messages are the file's own bytes.
 */
export async function readConversation(filePath: string): Promise<{ parts: Buffer[]; messageCount: number; problems: number }> {
  const buf = await fs.readFile(filePath);
  const nodes: (ChainNode | MessageNode)[] = [];
  const taskPrompts = new Map<string, string>();
  const aggregate = emptyAggregate();
  const problems = forEachLine(buf, (b, start, end) => {
    const verdict = parseLine(b, start, end, true);
    if (verdict.kind === 'link') nodes.push({ uuid: verdict.uuid, parentUuid: verdict.parentUuid });
    if (verdict.kind !== 'line') return verdict.kind !== 'invalid';
    const line = verdict.line;
    applyLine(aggregate, line);
    if (typeof line.uuid !== 'string') return true;
    if (line.type === 'assistant') recordTaskPrompts(line, taskPrompts);
    nodes.push(toNode(line as TranscriptLine & { uuid: string }, start, end));
    return true;
  });
  const ordered = orderChain(nodes, taskPrompts);
  const parts: Buffer[] = [Buffer.from('{"messages":[')];
  ordered.forEach((entry, k) => {
    if (k > 0) parts.push(COMMA);
    parts.push(renderMessage(buf, nodes[entry.index] as MessageNode, entry));
  });
  const metadata = { ...(aggregate.model ? { model: aggregate.model } : {}), toolMetrics: toolMetrics(aggregate) };
  parts.push(Buffer.from(`],"summary":${JSON.stringify(displaySummary(aggregate))},"projectPath":${JSON.stringify(aggregate.projectPath)},"metadata":${JSON.stringify(metadata)}}`));
  return { parts, messageCount: ordered.length, problems: problems.invalidLines + problems.hugeLines };
}
