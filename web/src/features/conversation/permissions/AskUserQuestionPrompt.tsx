import { useState } from 'react';
import { Button } from '@/ui';
import { OptionChip } from './OptionChip';
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
              {q.options.map((option) => (
                <OptionChip
                  key={option.label}
                  label={option.label}
                  {...(option.description ? { description: option.description } : {})}
                  selected={chosen[q.question]?.includes(option.label) ?? false}
                  onToggle={() => setChosen((c) => ({ ...c, [q.question]: choose(c[q.question], option.label, q.multiSelect) }))}
                />
              ))}
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
