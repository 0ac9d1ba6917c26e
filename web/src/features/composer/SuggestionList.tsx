import { useEffect, useRef } from 'react';
import { cn } from '@/lib/cn';
import type { Suggestion } from './suggestion-loaders';

interface Props {
  id: string;
  suggestions: Suggestion[];
  focused: number;
  onAccept(index: number): void;
}

/** The '@'/'/' suggestion popup under the composer text; the textarea keeps focus (mouse down is swallowed). */
export function SuggestionList({ id, suggestions, focused, onAccept }: Props) {
  const listRef = useRef<HTMLUListElement>(null);
  useEffect(() => {
    listRef.current?.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest' });
  }, [focused]);

  return (
    <ul
      id={id}
      ref={listRef}
      role="listbox"
      aria-label="Suggestions"
      className={cn(
        'absolute top-full right-0 left-0 z-30 mt-1 max-h-64 overflow-y-auto rounded-lg border p-1 text-sm shadow-lg',
        'border-neutral-200 bg-white dark:border-neutral-800 dark:bg-neutral-900',
      )}
    >
      {suggestions.map((suggestion, index) => (
        <li
          key={suggestion.key}
          id={`${id}-${index}`}
          role="option"
          aria-selected={index === focused}
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => onAccept(index)}
          className={cn(
            'flex cursor-pointer items-baseline gap-2 rounded-md px-2 py-1.5',
            index === focused ? 'bg-neutral-100 dark:bg-neutral-800' : 'hover:bg-neutral-50 dark:hover:bg-neutral-800/60',
          )}
        >
          <span className="max-w-[70%] shrink-0 truncate font-mono text-xs">{suggestion.label}</span>
          {suggestion.detail && <span className="min-w-0 truncate text-xs text-neutral-500">{suggestion.detail}</span>}
        </li>
      ))}
    </ul>
  );
}
