import { Suspense } from 'react';
import { fileHref, GrepHitLinks } from '@/features/files';
import { SearchSummary } from './SearchSummary';
import type { ToolPanelProps } from './types';

/** Grep: a collapsed summary of the result, expandable to the raw output and its hits as links to the files. */
export function GrepPanel({ result }: ToolPanelProps) {
  if (result.status === 'pending') return null;
  return (
    <SearchSummary kind="Grep" text={result.result}>
      <Suspense fallback={null}>
        <GrepHitLinks text={result.result} hrefOf={fileHref} />
      </Suspense>
    </SearchSummary>
  );
}
