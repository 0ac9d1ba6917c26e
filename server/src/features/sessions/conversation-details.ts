import fs from 'node:fs/promises';
import type { ConversationDetails, ConversationMessage } from '@cui/contract';
import { applyLine, displaySummary, emptyAggregate, toolMetrics } from './session-aggregate';
import { contentText, isVisibleMessage, str, type TranscriptLine } from './transcript-line';
import { parsingHandler, readTranscriptLines } from './transcript-reader';

/** One uuid-bearing line: a shown message, or a link (attachment, meta line) that only carries the chain. */
export interface ChainNode {
  uuid: string;
  parentUuid: string | null;
  message?: ConversationMessage;
}

const TASK_TOOLS = new Set(['Task', 'Agent']);

function toMessage(line: TranscriptLine): ConversationMessage {
  const message = line.type === 'system'
    ? { content: str(line.content), subtype: str(line.subtype) }
    : (line.message as ConversationMessage['message']);
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

/**
 * Conversation order: a depth-first walk of the parentUuid tree (iterative, O(n)), roots and siblings in
 * file order. Links are walked through but not shown; a shown message's parentUuid becomes its nearest
 * shown ancestor. Lines whose parent never appears start a tree of their own; lines left unvisited (a
 * parent cycle) follow in file order. Sidechain (subagent) messages inherit the Task tool_use id of their
 * root prompt when it can be matched (`taskPrompts`: prompt text → tool_use id).
 */
export function orderChain(nodes: ChainNode[], taskPrompts: Map<string, string> = new Map()): ConversationMessage[] {
  const byUuid = new Map<string, number>();
  nodes.forEach((node, i) => {
    if (!byUuid.has(node.uuid)) byUuid.set(node.uuid, i);
  });
  const children = new Map<number, number[]>();
  const roots: number[] = [];
  nodes.forEach((node, i) => {
    if (byUuid.get(node.uuid) !== i) return; // a duplicate uuid: the first occurrence wins
    const parent = node.parentUuid === null ? undefined : byUuid.get(node.parentUuid);
    if (parent === undefined || parent === i) roots.push(i);
    else {
      const siblings = children.get(parent);
      if (siblings) siblings.push(i);
      else children.set(parent, [i]);
    }
  });
  const out: ConversationMessage[] = [];
  const visited = new Uint8Array(nodes.length);
  // Explicit stack of (node, nearest shown ancestor, Task tool_use id) as three parallel arrays.
  const stackNode: number[] = [];
  const stackParent: (string | null)[] = [];
  const stackToolUse: (string | null)[] = [];
  const walk = (start: number): void => {
    stackNode.push(start);
    stackParent.push(null);
    stackToolUse.push(null);
    while (stackNode.length > 0) {
      const i = stackNode.pop() as number;
      const shownParent = stackParent.pop() as string | null;
      let toolUse = stackToolUse.pop() as string | null;
      if (visited[i]) continue;
      visited[i] = 1;
      const node = nodes[i] as ChainNode;
      let parentForChildren = shownParent;
      if (node.message) {
        const message = { ...node.message, parentUuid: shownParent };
        if (message.isSidechain) {
          toolUse = message.parentToolUseId ?? toolUse ?? (shownParent === null ? taskPrompts.get(contentText(message.message.content)) ?? null : null);
          message.parentToolUseId = toolUse;
        }
        out.push(message);
        parentForChildren = node.uuid;
      }
      const kids = children.get(i);
      if (!kids) continue;
      for (let k = kids.length - 1; k >= 0; k--) {
        stackNode.push(kids[k] as number);
        stackParent.push(parentForChildren);
        stackToolUse.push(toolUse);
      }
    }
  };
  for (const root of roots) walk(root);
  for (let i = 0; i < nodes.length; i++) {
    if (!visited[i] && byUuid.get((nodes[i] as ChainNode).uuid) === i) walk(i);
  }
  return out;
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

/** Reads one transcript in full (it may be newer than the index) and builds GET /api/conversations/:id. */
export async function readConversation(filePath: string): Promise<ConversationDetails & { problems: number }> {
  const { size } = await fs.stat(filePath);
  const nodes: ChainNode[] = [];
  const taskPrompts = new Map<string, string>();
  const aggregate = emptyAggregate();
  const result = await readTranscriptLines(filePath, { from: 0, to: size }, parsingHandler({
    line(line) {
      applyLine(aggregate, line);
      if (typeof line.uuid !== 'string') return;
      if (line.type === 'assistant') recordTaskPrompts(line, taskPrompts);
      const parentUuid = typeof line.parentUuid === 'string' ? line.parentUuid : null;
      nodes.push(isVisibleMessage(line) ? { uuid: line.uuid, parentUuid, message: toMessage(line) } : { uuid: line.uuid, parentUuid });
    },
    link(uuid, parentUuid) {
      nodes.push({ uuid, parentUuid });
    },
  }));
  return {
    messages: orderChain(nodes, taskPrompts),
    summary: displaySummary(aggregate),
    projectPath: aggregate.projectPath,
    metadata: { ...(aggregate.model ? { model: aggregate.model } : {}), toolMetrics: toolMetrics(aggregate) },
    problems: result.invalidLines + result.hugeLines,
  };
}
