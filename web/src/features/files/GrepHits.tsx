import { Link } from 'react-router';

/** Most hits of one Grep offered as links to the files sheet. */
const MAX_HIT_LINKS = 50;

/** The files and lines a Grep result names: `path:line:text` (content mode) or one path a line (files mode). */
export function grepHits(text: string): { file: string; line?: number }[] {
  const hits = new Map<string, { file: string; line?: number }>();
  for (const raw of text.split('\n')) {
    const match = /^(\/[^:\n]+?)(?::(\d+)[:-]|$)/.exec(raw.trim());
    if (!match?.[1]) continue;
    const hit = { file: match[1], ...(match[2] ? { line: Number(match[2]) } : {}) };
    hits.set(`${hit.file}:${hit.line ?? ''}`, hit);
    if (hits.size >= MAX_HIT_LINKS) break;
  }
  return [...hits.values()];
}

/**
 * A Grep's hits as links that open each file at its line (loaded when the Grep's result is first expanded). `hrefOf`
 * is passed in: imported here, the first paint's link helper would be split into a chunk of its own.
 */
export default function GrepHits({ text, hrefOf }: { text: string; hrefOf: (file: string, line?: number) => string }) {
  const hits = grepHits(text);
  if (hits.length === 0) return null;
  return (
    <ul className="mt-1 flex flex-col gap-0.5 font-mono text-xs" aria-label="Grep hits">
      {hits.map((hit) => (
        <li key={`${hit.file}:${hit.line ?? ''}`}>
          <Link to={hrefOf(hit.file, hit.line)} className="text-blue-700 hover:underline dark:text-blue-400">
            {hit.file}{hit.line ? `:${hit.line}` : ''}
          </Link>
        </li>
      ))}
    </ul>
  );
}
