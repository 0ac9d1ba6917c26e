import { ChevronsDownUp, ChevronsUpDown } from 'lucide-react';
import type { LineCollapse } from './use-line-collapse';

/** The corner button of a long code block or diff: 'Show all lines' / 'Show fewer lines'. */
export function CollapseToggle({ collapse }: { collapse: LineCollapse }) {
  if (!collapse.collapsible) return null;
  const label = collapse.collapsed ? 'Show all lines' : 'Show fewer lines';
  return (
    <button
      type="button"
      onClick={collapse.toggle}
      aria-label={label}
      title={label}
      className="absolute top-1 right-1 z-10 rounded-md border border-neutral-200 bg-white/90 p-1 text-neutral-500 hover:text-neutral-900 dark:border-neutral-700 dark:bg-neutral-900/90 dark:text-neutral-400 dark:hover:text-neutral-100"
    >
      {collapse.collapsed ? <ChevronsUpDown size={14} aria-hidden /> : <ChevronsDownUp size={14} aria-hidden />}
    </button>
  );
}
