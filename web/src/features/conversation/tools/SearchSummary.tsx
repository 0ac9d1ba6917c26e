import type { ReactNode } from 'react';
import { CodeView } from '../code/CodeView';
import { ToolSummary } from './ToolSummary';
import { plural } from './types';

/** Spec §9 tool type names of the search family. */
export type SearchKind = 'Grep' | 'Glob' | 'LS' | 'other';

/**
 * The summary line of a search result: 'Found N line(s)', 'Found N file(s)', 'Listed N path(s)', else 'Search completed';
 * a Grep or Glob that found nothing says so.
 */
export function searchSummary(kind: SearchKind, count: number): string {
  switch (kind) {
    case 'Grep':
      return count === 0 ? NO_MATCHES : `Found ${plural(count, 'line')}`;
    case 'Glob':
      return count === 0 ? NO_FILES : `Found ${plural(count, 'file')}`;
    case 'LS':
      return `Listed ${plural(count, 'path')}`;
    default:
      return 'Search completed';
  }
}

/** What the CLI's Grep (content and count modes) and Glob/Grep (file modes) answer when nothing matched. */
const NO_MATCHES = 'No matches found';
const NO_FILES = 'No files found';

/** The result's lines, none when the result is the CLI's own 'nothing found' line (it is no match). */
export function searchResultCount(text: string): number {
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  return lines.length === 1 && [NO_MATCHES, NO_FILES].includes(lines[0]?.trim() ?? '') ? 0 : lines.length;
}

/** A collapsed search summary that reveals the raw result (and what the panel adds under it: a Grep's hits). */
export function SearchSummary({ kind, text, children }: { kind: SearchKind; text: string; children?: ReactNode }) {
  return (
    <ToolSummary label={searchSummary(kind, searchResultCount(text))}>
      <CodeView code={text} language="plaintext" emptyText="(No content)" />
      {children}
    </ToolSummary>
  );
}
