import type { ViewMessage } from '@/features/live-run';

function hasVisibleContent(message: ViewMessage): boolean {
  if (message.role === 'error') return true;
  if (message.role === 'system') return message.commandOutput === true;
  return message.blocks.some((block) => {
    if (block.type === 'text') return typeof block.text === 'string' && block.text.trim() !== '';
    if (message.role === 'user') return false;
    return block.type === 'tool_use' || (block.type === 'thinking' && typeof block.thinking === 'string' && block.thinking !== '');
  });
}

/**
 * The main list (spec §2): sidechain (subagent) messages are dropped (Task panels show them), and
 * so are messages with nothing to show (a user message carrying only tool results).
 */
export function mainMessages(messages: ViewMessage[]): ViewMessage[] {
  return messages.filter((m) => !m.isSidechain && m.parentToolUseId === null && hasVisibleContent(m));
}
