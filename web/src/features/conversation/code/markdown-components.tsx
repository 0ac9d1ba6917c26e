import type { Components } from 'react-markdown';
import { CodeView } from './CodeView';

/** How markdown elements render in a conversation (shared by the plain and the GFM renderer). */
export const markdownComponents: Components = {
  // Fenced blocks become highlighted, collapsible code views; inline code stays inline.
  pre: ({ children }) => <>{children}</>,
  code: ({ className, children }) => {
    const language = /language-([\w-]+)/.exec(className ?? '')?.[1];
    const text = String(children ?? '');
    if (!language && !text.includes('\n')) {
      return <code className="rounded bg-neutral-100 px-1 py-0.5 font-mono text-[0.9em] dark:bg-neutral-800">{children}</code>;
    }
    return <CodeView code={text.replace(/\n$/, '')} language={language ?? 'plaintext'} className="my-2" />;
  },
  a: ({ href, children }) => (
    <a href={href} target="_blank" rel="noopener noreferrer" className="text-blue-600 underline underline-offset-2 dark:text-blue-400">
      {children}
    </a>
  ),
};
