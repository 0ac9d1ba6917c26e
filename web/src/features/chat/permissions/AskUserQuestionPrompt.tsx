import { useState } from 'react';
import { cn } from '@/lib/cn';
import { Button } from '@/ui';
import { PromptFrame } from './PromptFrame';
import { answersOf, choose, parseQuestions } from './questions';
import type { PromptProps } from './types';

/** AskUserQuestion: each question with its options; the answers go back as modifiedInput.answers. */
export function AskUserQuestionPrompt({ permission, onDecide }: PromptProps) {
  const questions = parseQuestions(permission.toolInput);
  const [chosen, setChosen] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);
  const complete = questions.every((q) => (chosen[q.question]?.length ?? 0) > 0);
  const submit = async (action: 'approve' | 'deny') => {
    setBusy(true);
    try {
      await onDecide(action === 'approve' ? { action, modifiedInput: { ...permission.toolInput, answers: answersOf(questions, chosen) } } : { action });
    } finally {
      setBusy(false);
    }
  };
  return (
    <PromptFrame title="Claude has a question">
      <div className="flex flex-col gap-3">
        {questions.map((q) => (
          <fieldset key={q.question} className="flex flex-col gap-1.5">
            <legend className="mb-1 text-sm font-medium">{q.question}</legend>
            <div className="flex flex-wrap gap-1.5">
              {q.options.map((option) => {
                const selected = chosen[q.question]?.includes(option.label) ?? false;
                return (
                  <button
                    key={option.label}
                    type="button"
                    aria-pressed={selected}
                    title={option.description}
                    onClick={() => setChosen((c) => ({ ...c, [q.question]: choose(c[q.question], option.label, q.multiSelect) }))}
                    className={cn(
                      'rounded-full border px-3 py-1 text-sm transition-colors',
                      selected ? 'border-neutral-900 bg-neutral-900 text-white dark:border-neutral-100 dark:bg-neutral-100 dark:text-neutral-900' : 'border-neutral-300 bg-white hover:bg-neutral-100 dark:border-neutral-700 dark:bg-neutral-900 dark:hover:bg-neutral-800',
                    )}
                  >
                    {option.label}
                  </button>
                );
              })}
            </div>
          </fieldset>
        ))}
      </div>
      <div className="mt-3 flex justify-end gap-2">
        <Button variant="secondary" size="sm" disabled={busy} onClick={() => void submit('deny')}>
          Skip
        </Button>
        <Button variant="primary" size="sm" disabled={busy || !complete} onClick={() => void submit('approve')}>
          Submit answers
        </Button>
      </div>
    </PromptFrame>
  );
}
