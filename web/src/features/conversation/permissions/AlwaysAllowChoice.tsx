import type { PermissionSuggestion } from '@cui/contract';
import { Button } from '@/ui';

/**
 * The CLI's own "don't ask again" choice for a request: worded as the CLI words it (the first suggestion), with
 * every rule it writes and where. Choosing it approves and applies them all, as the CLI's own choice does.
 */
export function AlwaysAllowChoice({ suggestions, busy, onChoose }: { suggestions: PermissionSuggestion[]; busy: boolean; onChoose: () => void }) {
  const [first] = suggestions;
  if (!first) return null;
  return (
    <div className="mt-2 flex flex-col items-start gap-1">
      <Button variant="secondary" size="sm" className="h-auto min-h-8 whitespace-normal py-1 text-left max-sm:min-h-10" disabled={busy} onClick={onChoose}>
        {first.label}
      </Button>
      <ul className="text-xs text-neutral-600 dark:text-neutral-400" aria-label="Rules it writes">
        {suggestions.map((suggestion, index) => (
          <li key={index}>
            {index > 0 && <span>{suggestion.label.replace(/^Yes, (and )?/, '')}: </span>}
            <span>{suggestion.destinationLabel}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
