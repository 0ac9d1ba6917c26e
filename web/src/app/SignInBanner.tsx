import { KeyRound } from 'lucide-react';
import { SIGN_IN_STEPS, SIGN_IN_TITLE } from '@cui/contract/constants';
import { routes } from './routes';
import { useApiQuery } from './use-api-query';

/** `code` spans of a step's text (between backticks) as <code>. */
function withCode(text: string) {
  return text.split('`').map((part, index) => (index % 2 === 1 ? <code key={index} className="rounded bg-amber-200/60 px-1 font-mono text-xs dark:bg-amber-900/60">{part}</code> : part));
}

/**
 * Shown on every page of the console (home and the conversation included) while the CLI reports no credentials
 * (issue 23): exactly how to sign in, the same guidance a run without credentials and `/login` answer with.
 */
export function SignInBanner() {
  // Its own question (the status never waits for the CLI's answer): asked once per page load, cached by the server.
  const { data } = useApiQuery(routes.system.signIn);
  if (data?.method !== 'none') return null;
  return (
    <section
      role="alert"
      aria-label={SIGN_IN_TITLE}
      className="shrink-0 border-b border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/50 dark:text-amber-100"
    >
      <p className="flex items-center gap-2 font-medium">
        <KeyRound size={14} aria-hidden />
        {SIGN_IN_TITLE}: runs will fail until it is. To sign in:
      </p>
      <ul className="mt-1 list-disc space-y-0.5 pl-8">
        {SIGN_IN_STEPS.map((step) => (
          <li key={step}>{withCode(step)}</li>
        ))}
      </ul>
      <p className="mt-1 text-xs opacity-80">Then restart the console. The README's 'Signing in to Claude' says more.</p>
    </section>
  );
}
