import './markdown.css';
import { lazy, memo, Suspense } from 'react';
import ReactMarkdown from 'react-markdown';
import { markdownComponents } from './markdown-components';

const GfmMarkdown = lazy(() => import('./GfmMarkdown').then((m) => ({ default: m.GfmMarkdown })));

/**
 * Text that may use GitHub's extensions: a table row, a task list item, ~~strikethrough~~, a bare link or a
 * footnote. Only such text waits for the GFM parser; the rest renders at once with plain CommonMark.
 */
const GFM_SYNTAX = /\|.*\||~~|^\s*[-*+] \[[ xX]\]|https?:\/\/|www\.|\[\^/m;

/** Assistant text as GitHub-flavoured markdown with highlighted code blocks. */
export const Markdown = memo(function Markdown({ text }: { text: string }) {
  const plain = <ReactMarkdown components={markdownComponents}>{text}</ReactMarkdown>;
  return (
    <div className="markdown prose-chat text-[15px] leading-7 break-words">
      {GFM_SYNTAX.test(text) ? (
        <Suspense fallback={plain}>
          <GfmMarkdown text={text} />
        </Suspense>
      ) : (
        plain
      )}
    </div>
  );
});
