import './code.css';
import { useId, useRef } from 'react';
import ReactDiffViewer from 'react-diff-viewer-continued';
import type { DiffViewProps } from './DiffView';
import { CollapsedFooter } from './CollapsedFooter';
import { CollapseToggle } from './CollapseToggle';
import { DIFF_CONTEXT_LINES, PHONE_MAX_WIDTH_PX, PREVIEW_LINES } from './constants';
import { diffViewerStyles } from './diff-styles';
import { useMediaQuery } from '@/lib/use-media-query';
import { useIsDark } from './use-is-dark';
import { useHighlighter } from './use-highlighter';
import { useLineCollapse } from './use-line-collapse';
import { useRowCount } from './use-row-count';

const ROW_SELECTOR = 'table > tbody > tr';

/**
 * A diff of two texts (spec §2): split by default, unified on phone widths, 3 lines of context with
 * 'Expand N lines ...' folds; over 8 lines (folds not counted) it collapses to 8 with the corner toggle and '... +N lines'.
 */
export function DiffTable({ oldText, newText, language, title }: DiffViewProps) {
  const { highlight } = useHighlighter(language);
  const isPhone = useMediaQuery(`(max-width: ${PHONE_MAX_WIDTH_PX}px)`);
  const dark = useIsDark();
  const ref = useRef<HTMLDivElement>(null);
  const rows = useRowCount(ref, ROW_SELECTOR, PREVIEW_LINES);
  const collapse = useLineCollapse(rows.lines);
  const id = useId();
  return (
    <div
      ref={ref}
      className={`diff-view relative overflow-hidden rounded-md border border-neutral-200 dark:border-neutral-800 ${collapse.collapsed ? 'diff-collapsed' : ''}`}
      data-diff-id={id}
      data-testid="diff-view"
    >
      {/* Collapsed: every row after the one holding the 8th real line (folds between lines are not lines). */}
      {collapse.collapsed && <style>{`[data-diff-id="${id}"] ${ROW_SELECTOR}:nth-child(n + ${rows.cutoffRow + 1}) { display: none; }`}</style>}
      {title && <div className="border-b border-neutral-200 bg-neutral-50 px-3 py-1 font-mono text-xs text-neutral-600 dark:border-neutral-800 dark:bg-neutral-900 dark:text-neutral-400">{title}</div>}
      <CollapseToggle collapse={collapse} />
      <div className="overflow-x-auto">
        <ReactDiffViewer
          oldValue={oldText}
          newValue={newText}
          splitView={!isPhone}
          extraLinesSurroundingDiff={DIFF_CONTEXT_LINES}
          showDiffOnly
          hideSummary
          disableWorker
          useDarkTheme={dark}
          styles={diffViewerStyles}
          renderContent={(line) => <span dangerouslySetInnerHTML={{ __html: highlight(line ?? '') }} />}
          codeFoldMessageRenderer={(count) => <span>Expand {count} lines ...</span>}
        />
      </div>
      <CollapsedFooter collapse={collapse} />
    </div>
  );
}
