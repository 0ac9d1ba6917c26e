import { useEffect, useRef } from 'react';

/** Calls `refetch` whenever `version` changes after the first render (a query that follows something else's changes). */
export function useVersionRefetch(version: unknown, refetch: () => void): void {
  const seen = useRef(version);
  useEffect(() => {
    if (seen.current === version) return;
    seen.current = version;
    refetch();
  }, [version, refetch]);
}
