import { contentText, isVisibleMessage, str, type TranscriptLine } from '../../cli/transcript/transcript-line';

/** The searchable text of one transcript message (a row of session_text, migration 008). */
export interface SearchText {
  uuid: string;
  /** `tool` is a tool result's text, `tool_input` what the assistant's tool uses were given (commands, paths, new text). */
  role: 'user' | 'assistant' | 'tool' | 'tool_input';
  timestamp: string;
  body: string;
}

/**
 * A tool result beyond this is cut: command output and file dumps would bloat the index for little use (the words
 * people search for are in a result's first lines). 256 rather than 1 KB halves the search text of a history whose
 * tool results are most of it (issue 28.2; bench/search-size.ts, docs/benchmarks.md).
 */
export const TOOL_RESULT_MAX_CHARS = 256;
/** What a tool use was given is cut here: a command, a path or an edit's new text is what the user typed or asked for. */
export const TOOL_INPUT_MAX_CHARS = 1024;
/** A prompt or an answer beyond this is cut too (pasted logs). */
export const MESSAGE_MAX_CHARS = 16 * 1024;

function blocksOf(line: TranscriptLine): Record<string, unknown>[] {
  const message = line.message && typeof line.message === 'object' ? (line.message as { content?: unknown }) : undefined;
  const content = message?.content;
  return Array.isArray(content) ? content.filter((b): b is Record<string, unknown> => Boolean(b) && typeof b === 'object') : [];
}

/** The text of one tool result block (a string or text blocks), cut at `max` characters. */
function toolResultText(block: Record<string, unknown>, max: number): string {
  return cutAt(contentText(block.content), max);
}

/** The fields of a tool's input worth finding again: a Bash command, a file path, an Edit's or a Write's new text. */
const TOOL_INPUT_FIELDS = ['command', 'file_path', 'notebook_path', 'path', 'pattern', 'new_string', 'content', 'new_source', 'url', 'query'];

/** The searchable text of a tool use's input (MultiEdit's edits included), cut at TOOL_INPUT_MAX_CHARS. */
function toolInputText(block: Record<string, unknown>): string {
  const input = block.input && typeof block.input === 'object' ? (block.input as Record<string, unknown>) : {};
  const edits = Array.isArray(input.edits) ? input.edits.filter((e): e is Record<string, unknown> => Boolean(e) && typeof e === 'object') : [];
  const values = [input, ...edits].flatMap((fields) => TOOL_INPUT_FIELDS.map((key) => fields[key]).filter((v): v is string => typeof v === 'string' && v.length > 0));
  return cutAt(values.join('\n'), TOOL_INPUT_MAX_CHARS);
}

/**
 * `text` cut at `max` characters, as a string of its own. V8 makes a cut of 13 characters or more a view of the whole
 * string it was cut from: a tool result cut at 256 characters held its whole output (often a file's content) until the
 * sweep saved its batch, long enough for V8 to move it to its old generation, where it stayed until the next full
 * collection (issue 28.5). A cut of a joined copy (V8 flattens it first) is a view of that copy only.
 */
function cutAt(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)} `.slice(0, -1) : text;
}

function clean(text: string, max: number): string {
  return cutAt(text, max).trim();
}

/**
 * What a transcript line adds to the search index: the user's words, the assistant's text, the inputs of its tool
 * uses (a second row with the same uuid, cut) and the tool results (cut), of messages the conversation view shows
 * (sidechain lines belong to subagents and are left out: a hit must open a message the view can scroll to).
 * Thinking and system lines are not indexed. `toolResultMaxChars` is for bench/search-size.ts, which compares cuts.
 */
export function searchTextOf(line: TranscriptLine, toolResultMaxChars = TOOL_RESULT_MAX_CHARS): SearchText[] {
  if (!isVisibleMessage(line) || line.isSidechain === true) return [];
  const base = { uuid: line.uuid as string, timestamp: str(line.timestamp) };
  const blocks = blocksOf(line);
  if (line.type === 'assistant') {
    const texts: SearchText[] = [];
    const body = clean(contentText(blocks), MESSAGE_MAX_CHARS);
    if (body) texts.push({ ...base, role: 'assistant', body });
    const inputs = clean(blocks.filter((b) => b.type === 'tool_use').map(toolInputText).filter(Boolean).join('\n'), MESSAGE_MAX_CHARS);
    if (inputs) texts.push({ ...base, role: 'tool_input', body: inputs });
    return texts;
  }
  if (line.type !== 'user') return [];
  const results = blocks.filter((b) => b.type === 'tool_result');
  if (results.length > 0) {
    const body = clean(results.map((block) => toolResultText(block, toolResultMaxChars)).join('\n'), MESSAGE_MAX_CHARS);
    return body ? [{ ...base, role: 'tool', body }] : [];
  }
  const content = (line.message as { content?: unknown }).content;
  const body = clean(contentText(content), MESSAGE_MAX_CHARS);
  return body ? [{ ...base, role: 'user', body }] : [];
}
