import { parseTodos, TodoList } from './TodoList';
import type { ToolPanelProps } from './types';

function todosFromResult(text: string, structured: unknown): unknown {
  if (structured && typeof structured === 'object' && 'todos' in structured) return (structured as { todos: unknown }).todos;
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed : (parsed as { todos?: unknown } | null)?.todos;
  } catch {
    return [];
  }
}

/** TodoRead: the list it read. */
export function TodoReadPanel({ result }: ToolPanelProps) {
  if (result.status === 'pending') return null;
  return <TodoList todos={parseTodos(todosFromResult(result.result, result.structured))} />;
}
