import type { SearchHit, SearchQuery, SearchResult } from '@cui/contract';
import { routes } from '@/app/routes';
import { type RefObject, useCallback, useEffect, useMemo, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { useApiQuery } from '@/app/use-api-query';
import { projectShortName } from '../session-display';
import { cn } from '@/lib/cn';
import { messageLink } from '@/lib/message-link';
import { Snippet } from './Snippet';
import { useHitNavigation } from './use-hit-navigation';

const PAGE = 20;
const ROLE_LABEL: Record<SearchHit['role'], string> = { user: 'You', assistant: 'Claude', tool: 'Tool result' };

/** One line of a result that opens something: the session (its name matched) or a message. */
interface Entry {
  key: string;
  to: string;
  label: string;
  snippet: SearchHit['snippet'];
}

/** A result's entries, best first: its name when the name is what matched best, then its hits. */
function entriesOf(result: SearchResult): Entry[] {
  const name: Entry[] = result.matchedIn === 'name' ? [{ key: 'name', to: `/c/${encodeURIComponent(result.sessionId)}`, label: 'Name', snippet: [{ text: result.summary, match: true }] }] : [];
  return [...name, ...result.hits.map((hit) => ({
    key: hit.uuid + hit.matchedIn, to: messageLink(result.sessionId, hit.uuid), snippet: hit.snippet,
    label: hit.matchedIn === 'tool_input' ? 'Tool input' : ROLE_LABEL[hit.role],
  }))];
}

export interface SearchResultsProps {
  q: string;
  filters: Omit<SearchQuery, 'q' | 'limit' | 'offset'>;
  inputRef: RefObject<HTMLInputElement | null>;
}

function ResultGroup({ result, activeId, first }: { result: SearchResult; activeId: string; first: number }) {
  const entries = entriesOf(result);
  return (
    <li className="flex flex-col gap-1 py-2">
      <div className="flex items-baseline gap-2 px-2 text-sm">
        <span className="truncate font-medium">{result.summary.trim() || 'New conversation'}</span>
        <span className="shrink-0 text-xs text-neutral-500 dark:text-neutral-400">{projectShortName(result.projectPath)}</span>
        <span className="ml-auto shrink-0 text-xs text-neutral-500 dark:text-neutral-400">{new Date(result.updatedAt).toLocaleDateString()}</span>
      </div>
      <ul className="flex flex-col">
        {entries.map((entry, index) => {
          const id = `search-hit-${first + index}`;
          return (
            <li key={entry.key}>
              <Link
                id={id}
                to={entry.to}
                aria-selected={id === activeId}
                data-testid="search-hit"
                className={cn('block rounded-md px-2 py-1 text-sm text-neutral-700 hover:bg-neutral-100 dark:text-neutral-300 dark:hover:bg-neutral-800', id === activeId && 'bg-neutral-100 dark:bg-neutral-800')}
              >
                <span className="mr-2 text-xs text-neutral-500 dark:text-neutral-400">{entry.label}</span>
                <Snippet parts={entry.snippet} />
              </Link>
            </li>
          );
        })}
        {result.hitCount > result.hits.length && <li className="px-2 text-xs text-neutral-500 dark:text-neutral-400">and {result.hitCount - result.hits.length} more in this conversation</li>}
      </ul>
    </li>
  );
}

/** The answers to one search, grouped by conversation; arrows and Enter in the field choose a hit. */
export function SearchResults({ q, filters, inputRef }: SearchResultsProps) {
  const query = useApiQuery(routes.search.search, { query: { q, limit: PAGE, ...filters } });
  const navigate = useNavigate();
  const data = query.data;
  // In the server's order, best first: Enter with no hit chosen opens the best one.
  const hits = useMemo(() => (data?.results ?? []).flatMap((result) => entriesOf(result).map((entry) => entry.to)), [data]);
  const open = useCallback((index: number) => {
    const path = hits[index];
    if (path) void navigate(path);
  }, [hits, navigate]);
  const active = useHitNavigation(inputRef, hits.length, data, open);
  const activeId = `search-hit-${active}`;
  const listRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    listRef.current?.querySelector(`#${activeId}`)?.scrollIntoView({ block: 'nearest' });
  }, [activeId]);

  if (query.error) return <p className="px-2 py-4 text-sm text-red-600 dark:text-red-400">Search failed: {query.error.message}</p>;
  if (!data) return <p className="px-2 py-4 text-sm text-neutral-500 dark:text-neutral-400" aria-busy="true">Searching…</p>;
  if (data.results.length === 0) return <p className="px-2 py-4 text-sm text-neutral-500 dark:text-neutral-400">No messages match “{q}”.</p>;
  const firsts = data.results.map((_, index) => data.results.slice(0, index).reduce((sum, r) => sum + entriesOf(r).length, 0));
  return (
    <div ref={listRef} data-testid="search-results" aria-live="polite">
      <ul className="flex flex-col divide-y divide-neutral-200 dark:divide-neutral-800">
        {data.results.map((result, index) => (
          <ResultGroup key={result.sessionId} result={result} activeId={activeId} first={firsts[index] ?? 0} />
        ))}
      </ul>
      {(data.total > data.results.length || data.truncated) && (
        <p className="px-2 py-2 text-xs text-neutral-500 dark:text-neutral-400">
          {data.total > data.results.length ? `${data.total - data.results.length} more conversations match. ` : ''}Refine the search to narrow it.
        </p>
      )}
    </div>
  );
}
