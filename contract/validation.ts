import type { z } from 'zod';

/**
 * Turns a zod error into the one-line message put in `{error}`.
 * A message that already names its field ('Path is required') is kept as is;
 * zod's generic messages get the field path in front ('customName: Too big: …').
 */
export function formatZodError(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid request';
  const field = issue.path.map(String).join('.');
  if (!field || issue.message.toLowerCase().includes(field.toLowerCase())) return issue.message;
  return `${field}: ${issue.message}`;
}
