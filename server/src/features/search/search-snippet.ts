import type { SnippetPart } from '@cui/contract';

/** Characters of context kept on each side of the first match. */
const CONTEXT = 48;

/** One character as search compares it: accents removed, lower case (as the index's remove_diacritics). */
function fold(char: string): string {
  return char.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** `text` folded, with the offset in `text` of each folded character (and one past the end). */
function folded(text: string): { value: string; at: (index: number) => number } {
  // ASCII (most transcripts) folds by lower-casing, offsets unchanged.
  if (/^[\t\n\r -~]*$/.test(text)) return { value: text.toLowerCase(), at: (index) => index };
  let value = '';
  const offsets: number[] = [];
  let offset = 0;
  for (const char of text) {
    const f = fold(char);
    for (let i = 0; i < f.length; i++) offsets.push(offset);
    value += f;
    offset += char.length;
  }
  offsets.push(offset);
  return { value, at: (index) => offsets[index] ?? offset };
}

/**
 * A snippet of `body` around the first occurrence of any of `words`, every occurrence inside it marked, compared
 * case- and accent-insensitively. Computed here rather than by FTS5's snippet(), which costs a millisecond or more
 * per hit on common words (it re-reads the phrase's positions).
 */
export function snippetOf(body: string, words: string[]): SnippetPart[] {
  const text = folded(body);
  const needles = words.map((word) => [...word].map(fold).join('')).filter((word) => word.length > 0);
  const ranges: [number, number][] = [];
  for (const needle of needles) {
    for (let from = text.value.indexOf(needle); from >= 0; from = text.value.indexOf(needle, from + needle.length)) {
      ranges.push([text.at(from), text.at(from + needle.length)]);
    }
  }
  ranges.sort((a, b) => a[0] - b[0]);
  const first = ranges[0];
  if (!first) return [{ text: body.slice(0, CONTEXT * 2), match: false }];
  const start = Math.max(0, first[0] - CONTEXT);
  const end = Math.min(body.length, first[1] + CONTEXT);
  const parts: SnippetPart[] = [];
  let at = start;
  for (const [from, to] of ranges) {
    if (from < at || to > end) continue;
    parts.push({ text: body.slice(at, from), match: false }, { text: body.slice(from, to), match: true });
    at = to;
  }
  parts.push({ text: body.slice(at, end), match: false });
  if (start > 0) parts.unshift({ text: '…', match: false });
  if (end < body.length) parts.push({ text: '…', match: false });
  return mergeText(parts.filter((part) => part.text.length > 0));
}

function mergeText(parts: SnippetPart[]): SnippetPart[] {
  const out: SnippetPart[] = [];
  for (const part of parts) {
    const last = out.at(-1);
    if (last && !last.match && !part.match) last.text += part.text;
    else out.push({ ...part });
  }
  return out;
}
