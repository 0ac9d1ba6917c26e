import { type RefObject, useLayoutEffect, useState } from 'react';

/** What a rendered diff holds: its real lines (fold links are not lines) and where the preview ends. */
export interface DiffRows {
  /** Rows that show a line of the diff (not 'Expand N lines ...' folds). */
  lines: number;
  /** 1-based index, among all rows, of the row holding the `limit`-th line (0 when there are fewer lines). */
  cutoffRow: number;
}

/** The diff viewer's fold rows carry a generated class ending in '-code-fold'. */
function isFold(row: Element): boolean {
  return /-code-fold(\s|$)/.test(row.className);
}

function countRows(root: HTMLElement, selector: string, limit: number): DiffRows {
  let lines = 0;
  let cutoffRow = 0;
  root.querySelectorAll(selector).forEach((row, index) => {
    if (isFold(row)) return;
    lines += 1;
    if (lines === limit) cutoffRow = index + 1;
  });
  return { lines, cutoffRow };
}

/**
 * Counts the rendered line rows matching `selector` inside `ref`, kept current while the content re-renders
 * (the diff viewer computes its rows asynchronously).
 */
export function useRowCount(ref: RefObject<HTMLElement | null>, selector: string, limit: number): DiffRows {
  const [rows, setRows] = useState<DiffRows>({ lines: 0, cutoffRow: 0 });
  useLayoutEffect(() => {
    const root = ref.current;
    if (!root) return;
    const update = () =>
      setRows((current) => {
        const next = countRows(root, selector, limit);
        return next.lines === current.lines && next.cutoffRow === current.cutoffRow ? current : next;
      });
    update();
    const observer = new MutationObserver(update);
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [ref, selector, limit]);
  return rows;
}
