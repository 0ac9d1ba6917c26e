import type { ConversationMessage } from '@cui/contract';

/** A message the panel offers actions on: a prompt of the user or an assistant's text. */
export interface RewindItem {
  uuid: string;
  role: 'user' | 'assistant';
  text: string;
  /** The transcript entry just before it (a branch before it ends there); none for the first. */
  before: string | undefined;
}

function textOf(message: ConversationMessage): string {
  const content = message.message.content;
  if (typeof content === 'string') return content;
  return content.map((block) => (block.type === 'text' && typeof block.text === 'string' ? block.text : '')).filter(Boolean).join('\n');
}

/** The user's prompts and the assistant's texts, in order (tool results, tool-only turns, injected and sidechain turns left out). */
export function rewindItems(messages: ConversationMessage[]): RewindItem[] {
  const items: RewindItem[] = [];
  messages.forEach((message, index) => {
    if (message.isSidechain || message.origin || (message.type !== 'user' && message.type !== 'assistant')) return;
    const text = textOf(message).trim();
    if (text === '' || (message.type === 'user' && text.startsWith('<'))) return;
    items.push({ uuid: message.uuid, role: message.type, text, before: messages[index - 1]?.uuid });
  });
  return items;
}
