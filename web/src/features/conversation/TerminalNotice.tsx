import { SquareTerminal } from 'lucide-react';
import type { TerminalState } from './use-terminal-follow';

/**
 * Above the composer while a CLI outside the console holds the session (read-only here: nothing may be sent into
 * it), and once it has stopped (the composer's next message continues it, as a resume).
 */
export function TerminalNotice({ terminal }: { terminal: TerminalState }) {
  if (!terminal.active && !terminal.stopped) return null;
  return (
    <div role="status" data-testid="terminal-notice" className="flex items-start gap-2 rounded-md border border-neutral-200 bg-neutral-50 px-3 py-2 text-xs text-neutral-700 dark:border-neutral-800 dark:bg-neutral-900 dark:text-neutral-300">
      <SquareTerminal size={14} aria-hidden className="mt-0.5 shrink-0" />
      {terminal.active ? (
        <p>
          <strong className="font-medium">Active in terminal.</strong> A Claude CLI outside this console is running this session; its messages appear
          here as it writes them. You can continue it here once it stops.
        </p>
      ) : (
        <p>
          <strong className="font-medium">Stopped in terminal.</strong> Continue the conversation here: your message resumes it as a new session.
        </p>
      )}
    </div>
  );
}
