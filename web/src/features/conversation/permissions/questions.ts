/** One question of an AskUserQuestion request. */
export interface Question {
  question: string;
  header?: string;
  multiSelect: boolean;
  options: Array<{ label: string; description?: string }>;
}

/** Reads the questions of an AskUserQuestion input, skipping malformed ones. */
export function parseQuestions(input: Record<string, unknown>): Question[] {
  if (!Array.isArray(input.questions)) return [];
  return input.questions.flatMap((raw: unknown) => {
    if (!raw || typeof raw !== 'object') return [];
    const q = raw as Record<string, unknown>;
    if (typeof q.question !== 'string') return [];
    const options = Array.isArray(q.options)
      ? q.options.flatMap((o: unknown) => {
          const option = o as { label?: unknown; description?: unknown } | null;
          return option && typeof option.label === 'string'
            ? [{ label: option.label, ...(typeof option.description === 'string' ? { description: option.description } : {}) }]
            : [];
        })
      : [];
    return [{ question: q.question, ...(typeof q.header === 'string' ? { header: q.header } : {}), multiSelect: q.multiSelect === true, options }];
  });
}

/** Toggles (multi-select) or sets (single) a chosen label. */
export function choose(current: string[] | undefined, label: string, multiSelect: boolean): string[] {
  if (!multiSelect) return [label];
  const chosen = current ?? [];
  return chosen.includes(label) ? chosen.filter((l) => l !== label) : [...chosen, label];
}

/** The answers map sent back as modifiedInput.answers: question text → chosen label(s), comma-joined. */
export function answersOf(questions: Question[], chosen: Record<string, string[]>): Record<string, string> {
  return Object.fromEntries(questions.map((q) => [q.question, (chosen[q.question] ?? []).join(', ')]));
}
