import type { ContentBlock, ToolUseBlock } from '@cui/contract';
import { Markdown } from '../code/Markdown';
import { ToolUse } from '../tools/ToolUse';
import { ThinkingBlock } from './ThinkingBlock';

function renderBlock(block: ContentBlock, index: number) {
  switch (block.type) {
    case 'text':
      return typeof block.text === 'string' && block.text.trim() !== '' ? <Markdown key={index} text={block.text} /> : null;
    case 'thinking':
      return typeof block.thinking === 'string' && block.thinking !== '' ? <ThinkingBlock key={index} text={block.thinking} /> : null;
    case 'tool_use':
      return <ToolUse key={(block as ToolUseBlock).id} block={block as ToolUseBlock} />;
    default:
      return null;
  }
}

/** An assistant message: its text (markdown), thinking and tool uses in order. */
export function AssistantMessage({ blocks }: { blocks: ContentBlock[] }) {
  return (
    <div className="flex flex-col gap-3" data-role="assistant">
      {blocks.map(renderBlock)}
    </div>
  );
}
