import { useCallback, useState } from 'react';
import type { ComposerSubmitHandler } from './use-composer';

/** A run's budget cap in dollars (the SDK's `maxBudgetUsd`): the run stops once its estimated cost reaches it. */
export function useBudgetOption(onSubmit: ComposerSubmitHandler) {
  const [text, setText] = useState('');
  const cap = Number(text);
  const valid = text.trim() !== '' && Number.isFinite(cap) && cap > 0;
  const submit = useCallback<ComposerSubmitHandler>((submission) => onSubmit(valid ? { ...submission, maxBudgetUsd: cap } : submission), [valid, cap, onSubmit]);
  return { text, setText, submit };
}

/** The composer's budget field: empty means no cap. */
export function BudgetField({ value, onChange, disabled }: { value: string; onChange: (value: string) => void; disabled?: boolean }) {
  return (
    <input
      type="number"
      min="0"
      step="0.01"
      inputMode="decimal"
      aria-label="Budget cap in dollars"
      title="Stop the run once its estimated cost reaches this many dollars"
      placeholder="$ cap"
      value={value}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value)}
      className="h-7 w-16 rounded-md border border-transparent bg-transparent px-1.5 text-xs hover:border-neutral-300 max-sm:h-10 dark:hover:border-neutral-700"
    />
  );
}
