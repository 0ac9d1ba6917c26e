import type { LineCollapse } from './use-line-collapse';

/** Below a collapsed block: '... +N lines' ('... +1 line'); clicking it expands the block. */
export function CollapsedFooter({ collapse }: { collapse: LineCollapse }) {
  if (!collapse.collapsed) return null;
  return (
    <button
      type="button"
      onClick={collapse.toggle}
      className="block w-full border-t border-neutral-200 px-3 py-1 text-left font-mono text-xs text-neutral-500 hover:bg-neutral-100 dark:border-neutral-800 dark:text-neutral-400 dark:hover:bg-neutral-800/60"
    >
      ... +{collapse.hiddenCount} {collapse.hiddenCount === 1 ? 'line' : 'lines'}
    </button>
  );
}
