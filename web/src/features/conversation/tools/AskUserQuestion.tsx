import { parseQuestions } from '../permissions/questions';
import type { ToolPanelProps } from './types';

/** AskUserQuestion: the questions with their options; once answered, the answer the CLI reports. */
export function AskUserQuestionPanel({ input, result }: ToolPanelProps) {
  const questions = parseQuestions(input);
  return (
    <div className="flex flex-col gap-2 text-sm">
      {questions.map((q) => (
        <div key={q.question}>
          <p className="font-medium">{q.question}</p>
          <p className="text-neutral-500 dark:text-neutral-400">{q.options.map((o) => o.label).join(' · ')}</p>
        </div>
      ))}
      {result.status === 'completed' && result.result.trim() !== '' && <p className="text-neutral-700 dark:text-neutral-300">{result.result}</p>}
    </div>
  );
}
