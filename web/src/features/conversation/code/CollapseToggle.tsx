import { ChevronsDownUp, ChevronsUpDown } from 'lucide-react';
import type { LineCollapse } from './use-line-collapse';

/**
 * The corner button of a long code block or diff: 'Show all lines' / 'Show fewer lines'. On desktop it floats in
 * the top-right corner, clear of the code beside it; on a phone the code fills the width, so it sits in a thin bar
 * of its own above the first line instead of covering it (issue 16.7).
 */
export function CollapseToggle({ collapse }: { collapse: LineCollapse }) {
  if (!collapse.collapsible) return null;
  const label = collapse.collapsed ? 'Show all lines' : 'Show fewer lines';
  return (
    <div className="flex justify-end border-b border-neutral-200 px-1 py-0.5 md:contents dark:border-neutral-800" data-testid="collapse-bar">
      <button
        type="button"
        onClick={collapse.toggle}
        aria-label={label}
        title={label}
        className="rounded-md border border-neutral-200 bg-white/90 p-1 text-neutral-500 hover:text-neutral-900 md:absolute md:top-1 md:right-1 md:z-10 dark:border-neutral-700 dark:bg-neutral-900/90 dark:text-neutral-400 dark:hover:text-neutral-100"
      >
        {collapse.collapsed ? <ChevronsUpDown size={14} aria-hidden /> : <ChevronsDownUp size={14} aria-hidden />}
      </button>
    </div>
  );
}
