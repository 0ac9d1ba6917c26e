import type { ConversationListQuery } from '@cui/contract';
import { lazy, type ReactNode, Suspense, useRef } from 'react';
import { SearchField } from './SearchField';
import { useDebouncedValue } from './use-debounced-value';

/** Typing settles for this long before a search is sent. */
export const SEARCH_DEBOUNCE_MS = 200;

// The results (and their data layer) load with the first search, not with the home screen.
const SearchResults = lazy(() => import('./SearchResults').then((m) => ({ default: m.SearchResults })));

/**
 * The search field above a session list: while it holds text, the list is replaced by the search's results
 * under the same tab filters (`filters`: the list's query); cleared, the list is back. The text is the caller's, so
 * it outlives a tab switch.
 */
export function SessionSearch({ text, onText, filters, children }: { text: string; onText: (text: string) => void; filters: ConversationListQuery; children: ReactNode }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const q = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const { archived, hasContinuation, pinned, projectPath } = filters;
  const searching = text.trim() !== '' && q !== '';
  return (
    <div className="flex flex-col gap-3">
      <SearchField value={text} onChange={onText} inputRef={inputRef} />
      {searching ? (
        <div id="search-results">
          <Suspense fallback={<p className="px-2 py-4 text-sm text-neutral-500 dark:text-neutral-400">Searching…</p>}>
            <SearchResults q={q} filters={{ archived, hasContinuation, pinned, projectPath }} inputRef={inputRef} />
          </Suspense>
        </div>
      ) : (
        children
      )}
    </div>
  );
}
