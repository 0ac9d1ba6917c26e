import { useState } from 'react';
import { CUSTOM_NAME_MAX } from '@cui/contract/constants';

interface Props {
  initial: string;
  /** Called with the trimmed name when it is non-empty and differs; otherwise `onCancel`. */
  onSave(name: string): void;
  onCancel(): void;
}

/** Inline rename: Enter saves (only a non-empty, changed name), Escape cancels; at most 200 characters with a live counter. */
export function RenameField({ initial, onSave, onCancel }: Props) {
  const [value, setValue] = useState(initial);
  const commit = () => {
    const name = value.trim();
    if (name && name !== initial.trim()) onSave(name);
    else onCancel();
  };
  return (
    <div className="relative z-10 flex min-w-0 flex-1 items-center gap-2">
      <input
        aria-label="Session name"
        autoFocus
        value={value}
        maxLength={CUSTOM_NAME_MAX}
        onChange={(e) => setValue(e.target.value)}
        onFocus={(e) => e.currentTarget.select()}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            commit();
          } else if (e.key === 'Escape') {
            e.preventDefault();
            onCancel();
          }
        }}
        onBlur={commit}
        className="min-w-0 flex-1 rounded-md border border-blue-500 bg-white px-2 py-1 text-sm outline-none dark:bg-neutral-900"
      />
      <span aria-live="polite" className="shrink-0 text-xs text-neutral-500 tabular-nums">
        {value.length}/{CUSTOM_NAME_MAX}
      </span>
    </div>
  );
}
