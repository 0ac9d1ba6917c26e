/**
 * Read's result text as the file's lines (spec §2): <system-reminder> blocks removed, and the
 * CLI's line-number prefixes ('   12→' or '12\t') stripped.
 */
export function cleanReadText(text: string): string {
  const withoutReminders = text.replace(/<system-reminder>[\s\S]*?<\/system-reminder>/g, '');
  const lines = withoutReminders.split('\n').map((line) => line.replace(/^\s*\d+(→|\t)/, ''));
  while (lines.length > 0 && lines[lines.length - 1]?.trim() === '') lines.pop();
  return lines.join('\n');
}

/** Lines of a cleaned text (0 for empty). */
export function countTextLines(text: string): number {
  return text === '' ? 0 : text.split('\n').length;
}
