import { SIGN_IN_GUIDANCE } from '@cui/contract';

/**
 * What the CLI says when it has no credentials, and its answer to `/login` (an interactive command it cannot run
 * under the SDK). The console answers both with its own guidance (issue 23): how to sign in for runs of this server.
 */
const CLI_SIGN_IN_ANSWERS = ['Not logged in · Please run /login', "/login isn't available in this environment."];

/** Whether `text` holds one of the CLI's sign-in answers. */
export function mentionsSignIn(text: string): boolean {
  return CLI_SIGN_IN_ANSWERS.some((answer) => text.includes(answer));
}

/** `text` with the CLI's sign-in answers replaced by the console's guidance (any wrapping, e.g. local-command tags, kept). */
export function withSignInGuidance(text: string): string {
  let result = text;
  for (const answer of CLI_SIGN_IN_ANSWERS) result = result.split(answer).join(SIGN_IN_GUIDANCE);
  return result;
}

function blocksWithGuidance(content: unknown): unknown {
  if (typeof content === 'string') return withSignInGuidance(content);
  if (!Array.isArray(content)) return content;
  return content.map((block: unknown) => {
    const text = block && typeof block === 'object' ? (block as { text?: unknown }).text : undefined;
    return typeof text === 'string' && mentionsSignIn(text) ? { ...(block as object), text: withSignInGuidance(text) } : block;
  });
}

/**
 * A CLI message or transcript line with the guidance in place of the CLI's sign-in answers: a synthetic assistant
 * message's text, a result's text, a local command's output. Anything else is returned as it is.
 */
export function replaceSignInAnswers<T extends Record<string, unknown>>(line: T): T {
  if (typeof line.content === 'string' && mentionsSignIn(line.content)) return { ...line, content: withSignInGuidance(line.content) };
  if (typeof line.result === 'string' && mentionsSignIn(line.result)) return { ...line, result: withSignInGuidance(line.result) };
  const message = line.message;
  if (message && typeof message === 'object' && (message as { model?: unknown }).model === '<synthetic>') {
    return { ...line, message: { ...message, content: blocksWithGuidance((message as { content?: unknown }).content) } };
  }
  return line;
}
