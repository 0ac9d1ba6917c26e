import type { ViewMessage } from '@/features/live-run';

const EDITING_TOOLS = new Set(['Edit', 'MultiEdit', 'Write', 'NotebookEdit']);

/** The files the session's editing tools named, in first-touched order (what a folder outside git can still show). */
export function touchedFiles(messages: ViewMessage[]): string[] {
  const files = new Set<string>();
  for (const message of messages) {
    for (const block of message.blocks) {
      if (block.type !== 'tool_use') continue;
      const use = block as { name?: unknown; input?: { file_path?: unknown; notebook_path?: unknown } };
      const file = use.input?.file_path ?? use.input?.notebook_path;
      if (typeof use.name === 'string' && EDITING_TOOLS.has(use.name) && typeof file === 'string') files.add(file);
    }
  }
  return [...files];
}
