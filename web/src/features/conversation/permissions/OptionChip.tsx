import { cn } from '@/lib/cn';

export interface OptionChipProps {
  label: string;
  description?: string;
  selected: boolean;
  onToggle: () => void;
}

/** One answer option of a question: a pressed/unpressed chip. */
export function OptionChip({ label, description, selected, onToggle }: OptionChipProps) {
  return (
    <button
      type="button"
      aria-pressed={selected}
      title={description}
      onClick={onToggle}
      className={cn(
        'rounded-full border px-3 py-1 text-sm transition-colors',
        selected
          ? 'border-neutral-900 bg-neutral-900 text-white dark:border-neutral-100 dark:bg-neutral-100 dark:text-neutral-900'
          : 'border-neutral-300 bg-white hover:bg-neutral-100 dark:border-neutral-700 dark:bg-neutral-900 dark:hover:bg-neutral-800',
      )}
    >
      {label}
    </button>
  );
}
