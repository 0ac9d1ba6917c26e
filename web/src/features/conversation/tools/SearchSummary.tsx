import { CodeView } from '../code/CodeView';
import { ToolSummary } from './ToolSummary';
import { plural } from './types';

/** Spec §9 tool type names of the search family. */
export type SearchKind = 'Grep' | 'Glob' | 'LS' | 'other';

/** The summary line of a search result: 'Found N line(s)', 'Found N file(s)', 'Listed N path(s)', else 'Search completed'. */
export function searchSummary(kind: SearchKind, count: number): string {
  switch (kind) {
    case 'Grep':
      return `Found ${plural(count, 'line')}`;
    case 'Glob':
      return `Found ${plural(count, 'file')}`;
    case 'LS':
      return `Listed ${plural(count, 'path')}`;
    default:
      return 'Search completed';
  }
}

function countResultLines(text: string): number {
  return text.split('\n').filter((line) => line.trim() !== '').length;
}

/** A collapsed search summary that reveals the raw result. */
export function SearchSummary({ kind, text }: { kind: SearchKind; text: string }) {
  return (
    <ToolSummary label={searchSummary(kind, countResultLines(text))}>
      <CodeView code={text} language="plaintext" emptyText="(No content)" />
    </ToolSummary>
  );
}
