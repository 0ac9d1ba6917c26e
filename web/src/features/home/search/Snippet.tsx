import type { SnippetPart } from '@cui/contract';

/** A search snippet: matched parts in <mark>, as text (the server sends no markup). */
export function Snippet({ parts }: { parts: SnippetPart[] }) {
  return (
    <span className="break-words whitespace-pre-wrap">
      {parts.map((part, index) =>
        part.match ? (
          <mark key={index} className="rounded-sm bg-amber-200 px-0.5 text-inherit dark:bg-amber-700/60">
            {part.text}
          </mark>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </span>
  );
}
