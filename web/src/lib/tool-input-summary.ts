import { displayPath, type PathContext } from './display-path';

/** Spec §2: string values in a tool input summary are cut at 50 characters. */
export const SUMMARY_MAX_CHARS = 50;

export function truncate(text: string, max = SUMMARY_MAX_CHARS): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

const PATH_KEYS = ['file_path', 'notebook_path', 'path'];

function str(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** The one-line summary of a tool's input shown next to its name (a path, a command, a pattern…). */
export function summarizeToolInput(toolName: string, input: Record<string, unknown>, context: PathContext = {}): string {
  // The panel shows the plan itself; a cut-off copy of it next to the name only adds noise.
  if (toolName === 'ExitPlanMode' || toolName === 'exit_plan_mode') return '';
  if (toolName === 'AskUserQuestion' && Array.isArray(input.questions)) {
    const first = (input.questions[0] as { question?: unknown } | undefined)?.question;
    return typeof first === 'string' ? truncate(first) : '';
  }
  for (const key of PATH_KEYS) {
    const path = str(input[key]);
    if (path && !(toolName === 'Grep' || toolName === 'Glob')) return truncate(displayPath(path, context));
  }
  const pattern = str(input.pattern);
  if (pattern) {
    const where = str(input.path);
    return truncate(where ? `${pattern} in ${displayPath(where, context)}` : pattern);
  }
  const first = str(input.command) ?? str(input.url) ?? str(input.query) ?? str(input.description) ?? str(input.prompt);
  if (first) return truncate(first.replace(/\s+/g, ' '));
  if (Array.isArray(input.todos)) return `${input.todos.length} todo${input.todos.length === 1 ? '' : 's'}`;
  const parts = Object.entries(input)
    .filter(([, value]) => value !== undefined && value !== null && typeof value !== 'object')
    .map(([key, value]) => `${key}: ${truncate(String(value))}`);
  return parts.join(', ');
}
