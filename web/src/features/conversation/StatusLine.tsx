import type { ConnectionState } from '@/app/stream';
import { Spinner } from '@/ui';

/**
 * The live status of a run ('Reading file...', 'Awaiting approval...', …) while it streams; no spinner while it waits
 * ('Interrupted'); `ended` paints the last status without a spinner (a run that closed without a result says 'Closed'
 * instead of vanishing).
 */
export function StatusLine({ status, connection, busy = true, ended = false }: { status: string; connection: ConnectionState; busy?: boolean; ended?: boolean }) {
  const note = ended ? '' : connection === 'error' ? ' · reconnecting' : connection === 'connecting' ? ' · connecting' : '';
  return (
    <div className="mx-auto flex w-full max-w-3xl items-center gap-2 px-4 py-1.5 text-sm text-neutral-600 dark:text-neutral-400" data-testid="status-line">
      {busy && !ended && <Spinner size="sm" label="Running" />}
      <span aria-live="polite">{status}</span>
      {note && <span className="text-xs text-neutral-400">{note}</span>}
    </div>
  );
}
