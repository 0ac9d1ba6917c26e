/** One uuid-bearing line: a shown message, or a link (attachment, meta line) that only carries the chain. */
export interface ChainNode {
  uuid: string;
  parentUuid: string | null;
  shown?: boolean;
  isSidechain?: boolean;
  /** A parent tool_use id the line names itself. */
  explicitToolUse?: string;
  /** For a sidechain root: its prompt, to find the Task tool_use that started it. */
  promptText?: string;
}

/** A shown node in conversation order, with its nearest shown ancestor and (sidechains) its Task tool_use id. */
export interface OrderedNode {
  index: number;
  parentUuid: string | null;
  parentToolUseId: string | null;
}

/**
 * Conversation order: a depth-first walk of the parentUuid tree (iterative, O(n)), roots and siblings in
 * file order. Links are walked through but not shown; a shown node's parentUuid becomes its nearest shown
 * ancestor. Lines whose parent never appears start a tree of their own; duplicate uuids keep the first;
 * lines left unvisited (a parent cycle) follow in file order. Sidechain (subagent) nodes inherit the Task
 * tool_use id of their root prompt when it can be matched (`taskPrompts`: prompt text → tool_use id).
 */
export function orderChain(nodes: ChainNode[], taskPrompts: Map<string, string> = new Map()): OrderedNode[] {
  const byUuid = new Map<string, number>();
  nodes.forEach((node, i) => {
    if (!byUuid.has(node.uuid)) byUuid.set(node.uuid, i);
  });
  const children = new Map<number, number[]>();
  const roots: number[] = [];
  nodes.forEach((node, i) => {
    if (byUuid.get(node.uuid) !== i) return;
    const parent = node.parentUuid === null ? undefined : byUuid.get(node.parentUuid);
    if (parent === undefined || parent === i) roots.push(i);
    else {
      const siblings = children.get(parent);
      if (siblings) siblings.push(i);
      else children.set(parent, [i]);
    }
  });
  const out: OrderedNode[] = [];
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
      if (node.shown) {
        if (node.isSidechain) {
          toolUse = node.explicitToolUse ?? toolUse ?? (node.promptText !== undefined ? taskPrompts.get(node.promptText) ?? null : null);
        } else toolUse = node.explicitToolUse ?? null;
        out.push({ index: i, parentUuid: shownParent, parentToolUseId: toolUse });
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
