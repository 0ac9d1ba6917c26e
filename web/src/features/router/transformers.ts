import { ROUTER_TRANSFORMERS } from '@cui/contract';

export { ROUTER_TRANSFORMERS };

/** The Transformer select's value: none, one known transformer, or a custom list typed as JSON. */
export type TransformerChoice = 'none' | 'custom' | (typeof ROUTER_TRANSFORMERS)[number];

const KNOWN: ReadonlySet<string> = new Set(ROUTER_TRANSFORMERS);

/** What the select shows for the draft's transformer text ('custom' for anything but none or one known name). */
export function transformerChoice(text: string): TransformerChoice {
  const compact = text.replace(/\s+/g, '');
  if (compact === '' || compact === '[]') return 'none';
  const single = /^\["([^"]+)"\]$/.exec(compact)?.[1];
  return single && KNOWN.has(single) ? (single as TransformerChoice) : 'custom';
}

/** The draft's transformer text for a choice; 'custom' keeps the current text. */
export function choiceText(choice: TransformerChoice, current: string): string {
  if (choice === 'none') return '[]';
  if (choice === 'custom') return current;
  return JSON.stringify([choice]);
}

export const TRANSFORMER_FORMAT =
  'A JSON list of transformers, each a name or [name, options]: e.g. ["deepseek", ["maxtoken", {"max_tokens": 16384}]]';

function entryProblem(entry: unknown): string | undefined {
  const name = typeof entry === 'string' ? entry : Array.isArray(entry) && entry.length === 2 && typeof entry[1] === 'object' && entry[1] !== null ? entry[0] : undefined;
  if (typeof name !== 'string') return `Each transformer is a name or [name, options]: ${JSON.stringify(entry)} is neither`;
  return KNOWN.has(name) ? undefined : `Unknown transformer '${name}': the router knows ${ROUTER_TRANSFORMERS.join(', ')}`;
}

/** Why a custom transformer text cannot be saved, or undefined when it is a valid list of known transformers. */
export function transformerProblem(text: string): string | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return `Not valid JSON. ${TRANSFORMER_FORMAT}`;
  }
  if (!Array.isArray(value)) return `Not a list. ${TRANSFORMER_FORMAT}`;
  for (const entry of value) {
    const problem = entryProblem(entry);
    if (problem) return problem;
  }
  return undefined;
}
