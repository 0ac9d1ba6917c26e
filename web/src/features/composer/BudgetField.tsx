import { useCallback, useState } from 'react';
import type { ComposerSubmitHandler } from './use-composer';

/** A run's budget cap in dollars (the SDK's `maxBudgetUsd`): the run stops once its estimated cost reaches it. */
export function useBudgetOption(onSubmit: ComposerSubmitHandler) {
  const [text, setText] = useState('');
  const submit = useCallback<ComposerSubmitHandler>(
    (submission) => {
      const cap = Number(text);
      return onSubmit(cap > 0 ? { ...submission, maxBudgetUsd: cap } : submission);
    },
    [text, onSubmit],
  );
  return { text, setText, submit };
}

/** The composer's budget field: empty means no cap. */
export function BudgetField({ value, onChange, disabled }: { value: string; onChange: (value: string) => void; disabled?: boolean }) {
  return <input type="number" min="0" step="0.01" aria-label="Budget cap in dollars" placeholder="$ cap" value={value} disabled={disabled} onChange={(e) => onChange(e.target.value)} className="h-7 w-16 rounded-md bg-transparent px-1.5 text-xs" />;
}
