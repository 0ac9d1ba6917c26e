import type { TodoItem } from '@cui/contract';
import { CheckCircle2, Circle, CircleDot } from 'lucide-react';

const ICONS = {
  completed: <CheckCircle2 size={15} aria-label="completed" className="shrink-0 text-emerald-600 dark:text-emerald-400" />,
  in_progress: <CircleDot size={15} aria-label="in progress" className="shrink-0 text-blue-600 dark:text-blue-400" />,
  pending: <Circle size={15} aria-label="pending" className="shrink-0 text-neutral-400" />,
};

/** Parses todos from a tool input or result, keeping only valid items. */
export function parseTodos(value: unknown): TodoItem[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (item): item is TodoItem =>
      !!item && typeof item === 'object' && typeof (item as TodoItem).content === 'string' && ['pending', 'in_progress', 'completed'].includes((item as TodoItem).status),
  );
}

/** A to-do list with a status icon per item; completed items are struck through. */
export function TodoList({ todos }: { todos: TodoItem[] }) {
  if (todos.length === 0) return <p className="text-sm text-neutral-500">No todos found</p>;
  return (
    <ul className="flex flex-col gap-1" aria-label="Todos">
      {todos.map((todo, i) => (
        <li key={todo.id ?? i} className="flex items-start gap-2 text-sm" data-status={todo.status}>
          <span className="mt-0.5">{ICONS[todo.status]}</span>
          <span className={todo.status === 'completed' ? 'text-neutral-500 line-through' : ''}>{todo.content}</span>
        </li>
      ))}
    </ul>
  );
}
