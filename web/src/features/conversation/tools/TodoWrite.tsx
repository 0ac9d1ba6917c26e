import { parseTodos, TodoList } from './TodoList';
import type { ToolPanelProps } from './types';

/** TodoWrite: the list it writes. */
export function TodoWritePanel({ input }: ToolPanelProps) {
  return <TodoList todos={parseTodos(input.todos)} />;
}
