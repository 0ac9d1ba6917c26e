import { contentText, isVisibleMessage, str, type TranscriptLine } from '../../cli/transcript/transcript-line';

/** The searchable text of one transcript message (a row of session_text, migration 008). */
export interface SearchText {
  uuid: string;
  role: 'user' | 'assistant' | 'tool';
  timestamp: string;
  body: string;
}

/**
 * A tool result beyond this is cut: command output and file dumps would bloat a trigram index (about three
 * times the text) for little use. The words people search for are in the first lines of a result.
 */
export const TOOL_RESULT_MAX_CHARS = 1024;
/** A prompt or an answer beyond this is cut too (pasted logs). */
export const MESSAGE_MAX_CHARS = 16 * 1024;

function blocksOf(line: TranscriptLine): Record<string, unknown>[] {
  const message = line.message && typeof line.message === 'object' ? (line.message as { content?: unknown }) : undefined;
  const content = message?.content;
  return Array.isArray(content) ? content.filter((b): b is Record<string, unknown> => Boolean(b) && typeof b === 'object') : [];
}

/** The text of one tool result block (a string or text blocks), cut at TOOL_RESULT_MAX_CHARS. */
function toolResultText(block: Record<string, unknown>): string {
  return contentText(block.content).slice(0, TOOL_RESULT_MAX_CHARS);
}

function clean(text: string, max: number): string {
  return text.slice(0, max).trim();
}

/**
 * What a transcript line adds to the search index: the user's words, the assistant's text and the tool results
 * (cut), of messages the conversation view shows (sidechain lines belong to subagents and are left out: a hit
 * must open a message the view can scroll to). Thinking, tool inputs and system lines are not indexed.
 */
export function searchTextOf(line: TranscriptLine): SearchText | undefined {
  if (!isVisibleMessage(line) || line.isSidechain === true) return undefined;
  const base = { uuid: line.uuid as string, timestamp: str(line.timestamp) };
  if (line.type === 'assistant') {
    const body = clean(contentText(blocksOf(line)), MESSAGE_MAX_CHARS);
    return body ? { ...base, role: 'assistant', body } : undefined;
  }
  if (line.type !== 'user') return undefined;
  const blocks = blocksOf(line);
  const results = blocks.filter((b) => b.type === 'tool_result');
  if (results.length > 0) {
    const body = clean(results.map(toolResultText).join('\n'), MESSAGE_MAX_CHARS);
    return body ? { ...base, role: 'tool', body } : undefined;
  }
  const content = (line.message as { content?: unknown }).content;
  const body = clean(contentText(content), MESSAGE_MAX_CHARS);
  return body ? { ...base, role: 'user', body } : undefined;
}
