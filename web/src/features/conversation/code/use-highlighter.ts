import { useEffect, useMemo, useState } from 'react';
import { escapeHtml } from '@/lib/escape-html';
import type * as Highlight from '@/lib/highlight';

type HighlightModule = typeof Highlight;

/** A line as HTML. */
export type LineHighlighter = (line: string) => string;

/**
 * Highlights lines of `language`. Prism and the language's grammar load on demand (they are not needed for a
 * conversation's first paint): until they are there, lines are shown escaped, then the caller re-renders
 * with the highlighted ones. `ready` tells which of the two the returned function does.
 */
export function useHighlighter(language: string): { highlight: LineHighlighter; ready: boolean } {
  const [loaded, setLoaded] = useState<{ module: HighlightModule; language: string } | null>(null);
  useEffect(() => {
    if (language === 'plaintext') return;
    let live = true;
    void import('@/lib/highlight').then(async (module) => {
      await module.loadGrammar(language);
      if (live) setLoaded({ module, language });
    });
    return () => {
      live = false;
    };
  }, [language]);
  const module = loaded?.language === language ? loaded.module : undefined;
  return useMemo(
    () => (module ? { highlight: (line: string) => module.highlightLine(line, language), ready: true } : { highlight: escapeHtml, ready: false }),
    [module, language],
  );
}
