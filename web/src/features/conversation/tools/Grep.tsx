import { Link } from 'react-router';
import { fileHref } from '@/features/files';
import { SearchSummary } from './SearchSummary';
import type { ToolPanelProps } from './types';

/** Most hits of one Grep offered as links to the files sheet. */
const MAX_HIT_LINKS = 50;

/** The files and lines a Grep result names: `path:line:text` (content mode) or one path a line (files mode). */
export function grepHits(text: string): { file: string; line?: number }[] {
  const hits = new Map<string, { file: string; line?: number }>();
  for (const raw of text.split('\n')) {
    const match = /^(\/[^:\n]+?)(?::(\d+)[:-]|$)/.exec(raw.trim());
    if (!match?.[1]) continue;
    const hit = { file: match[1], ...(match[2] ? { line: Number(match[2]) } : {}) };
    hits.set(`${hit.file}:${hit.line ?? ''}`, hit);
    if (hits.size >= MAX_HIT_LINKS) break;
  }
  return [...hits.values()];
}

/** Grep: a collapsed summary of the result, expandable to the raw output and its hits as links to the files. */
export function GrepPanel({ result }: ToolPanelProps) {
  if (result.status === 'pending') return null;
  const hits = grepHits(result.result);
  return (
    <SearchSummary kind="Grep" text={result.result}>
      {hits.length > 0 && (
        <ul className="mt-1 flex flex-col gap-0.5 font-mono text-xs" aria-label="Grep hits">
          {hits.map((hit) => (
            <li key={`${hit.file}:${hit.line ?? ''}`}>
              <Link to={fileHref(hit.file, hit.line)} className="text-blue-700 hover:underline dark:text-blue-400">
                {hit.file}{hit.line ? `:${hit.line}` : ''}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </SearchSummary>
  );
}
