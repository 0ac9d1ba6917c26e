import { useEffect, useRef, useState } from 'react';
import type { TriggerKind } from './autocomplete';
import type { Suggestion, SuggestionLoaders, SuggestionSource } from './suggestion-loaders';

type Loaded<T> = { cacheKey: string; value: T };

/** Typing pauses this long before a big repository is searched on the server. */
const SEARCH_DEBOUNCE_MS = 150;

/**
 * In a repository too large to list whole, each typed '@' query is searched on the server (debounced, cached per
 * query); until its answer arrives, the partial listing is filtered as usual. Undefined when not searching.
 */
function useFileSearch(directory: string | undefined, query: string, loaders: SuggestionLoaders): Suggestion[] | undefined {
  const cache = useRef(new Map<string, Suggestion[]>());
  const [found, setFound] = useState<Loaded<Suggestion[]> | null>(null);
  const cacheKey = directory === undefined || query === '' ? null : `${directory}\0${query}`;
  useEffect(() => {
    if (cacheKey === null || directory === undefined) return;
    const cached = cache.current.get(cacheKey);
    if (cached) {
      setFound({ cacheKey, value: cached });
      return;
    }
    let current = true;
    const timer = setTimeout(() => {
      loaders.searchFiles(directory, query).then(
        (items) => {
          cache.current.set(cacheKey, items);
          if (current) setFound({ cacheKey, value: items });
        },
        (error: unknown) => console.error('Failed to search files', error),
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [cacheKey, directory, query, loaders]);
  return found !== null && found.cacheKey === cacheKey ? found.value : undefined;
}

/**
 * Loads the raw suggestion source for the active trigger kind. Each (kind, directory) is fetched once
 * per composer and cached: typing after '@' filters the cached listing instead of re-listing the tree
 * (or, when the listing stopped at its limit, searches the whole tree on the server).
 */
export function useSuggestionData(kind: TriggerKind | null, directory: string | undefined, loaders: SuggestionLoaders, query = ''): Suggestion[] {
  const cache = useRef(new Map<string, Promise<SuggestionSource>>());
  const [loaded, setLoaded] = useState<Loaded<SuggestionSource> | null>(null);
  const cacheKey = kind === null || (kind === 'file' && !directory) ? null : `${kind}:${directory ?? ''}`;

  useEffect(() => {
    if (cacheKey === null || kind === null) return;
    let request = cache.current.get(cacheKey);
    if (!request) {
      request = kind === 'file' ? loaders.files(directory ?? '') : loaders.commands(directory).then((items) => ({ items, complete: true }));
      cache.current.set(cacheKey, request);
      // A failed listing is not cached, so the next trigger tries again.
      request.catch(() => cache.current.delete(cacheKey));
    }
    let current = true;
    request.then(
      (value) => current && setLoaded({ cacheKey, value }),
      (error: unknown) => console.error('Failed to load suggestions', error),
    );
    return () => {
      current = false;
    };
  }, [cacheKey, kind, directory, loaders]);

  const source = loaded !== null && loaded.cacheKey === cacheKey ? loaded.value : undefined;
  const searched = useFileSearch(kind === 'file' && source?.complete === false ? directory : undefined, query, loaders);
  return searched ?? source?.items ?? [];
}
