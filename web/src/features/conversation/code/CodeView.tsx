import './code.css';
import { useMemo } from 'react';
import { CODE_LINE_HEIGHT, PREVIEW_LINES } from './constants';
import { CollapsedFooter } from './CollapsedFooter';
import { CollapseToggle } from './CollapseToggle';
import { useHighlighter } from './use-highlighter';
import { useLineCollapse } from './use-line-collapse';

export interface CodeViewProps {
  code: string;
  language: string;
  /** Shown instead of an empty block (e.g. '(No content)'). */
  emptyText?: string;
  className?: string;
}

/** Splits text into lines, dropping one trailing newline. */
export function splitLines(text: string): string[] {
  const lines = text.split('\n');
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** Highlighted code, line by line; over 8 lines it collapses to 8 with a corner toggle and a '... +N lines' footer. */
export function CodeView({ code, language, emptyText, className }: CodeViewProps) {
  const lines = useMemo(() => splitLines(code), [code]);
  const collapse = useLineCollapse(lines.length);
  const { collapsed } = collapse;
  const { highlight } = useHighlighter(language);
  const html = useMemo(() => (collapsed ? lines.slice(0, PREVIEW_LINES) : lines).map(highlight), [lines, collapsed, highlight]);
  if (code === '' && emptyText !== undefined) {
    return <div className="rounded-md bg-neutral-50 px-3 py-2 text-sm text-neutral-500 italic dark:bg-neutral-900 dark:text-neutral-400">{emptyText}</div>;
  }
  return (
    <div className={`code-view relative overflow-hidden rounded-md border border-neutral-200 bg-neutral-50 dark:border-neutral-800 dark:bg-neutral-900 ${className ?? ''}`}>
      <CollapseToggle collapse={collapse} />
      <pre className="overflow-x-auto px-3 py-2 font-mono text-[13px]" style={{ lineHeight: CODE_LINE_HEIGHT }} data-language={language}>
        <code>
          {html.map((line, i) => (
            <div key={i} className="min-h-[1.8em] whitespace-pre" dangerouslySetInnerHTML={{ __html: line }} />
          ))}
        </code>
      </pre>
      <CollapsedFooter collapse={collapse} />
    </div>
  );
}
