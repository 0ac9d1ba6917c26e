import { useEffect, useRef, useState } from 'react';
import type { TriggerKind } from './autocomplete';
import type { Suggestion, SuggestionLoaders } from './suggestion-loaders';

type Loaded = { cacheKey: string; items: Suggestion[] };

/**
 * Loads the raw suggestion source for the active trigger kind. Each (kind, directory) is fetched once
 * per composer and cached: typing after '@' filters the cached listing instead of re-listing the tree.
 */
export function useSuggestionData(kind: TriggerKind | null, directory: string | undefined, loaders: SuggestionLoaders): Suggestion[] {
  const cache = useRef(new Map<string, Promise<Suggestion[]>>());
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const cacheKey = kind === null || (kind === 'file' && !directory) ? null : `${kind}:${directory ?? ''}`;

  useEffect(() => {
    if (cacheKey === null || kind === null) return;
    let request = cache.current.get(cacheKey);
    if (!request) {
      request = kind === 'file' ? loaders.files(directory ?? '') : loaders.commands(directory);
      cache.current.set(cacheKey, request);
      // A failed listing is not cached, so the next trigger tries again.
      request.catch(() => cache.current.delete(cacheKey));
    }
    let current = true;
    request.then(
      (items) => current && setLoaded({ cacheKey, items }),
      (error: unknown) => console.error('Failed to load suggestions', error),
    );
    return () => {
      current = false;
    };
  }, [cacheKey, kind, directory, loaders]);

  return loaded !== null && loaded.cacheKey === cacheKey ? loaded.items : [];
}
