import { Spinner } from '@/ui';
import { useRetention } from './use-retention';

/** Settings section: how long Claude Code keeps transcripts under the console, and where that is set. */
export function RetentionInfo() {
  const { retention, error } = useRetention();
  return (
    <section aria-labelledby="retention-heading" className="flex flex-col gap-1">
      <h3 id="retention-heading" className="text-sm font-semibold">
        Conversation history
      </h3>
      {error && (
        <div role="alert" className="text-sm text-red-700 dark:text-red-300">
          {error}
        </div>
      )}
      {!retention && !error && <Spinner size="sm" label="Loading retention" />}
      {retention && (
        <>
          <p className="text-sm">
            {retention.configuredDays === null
              ? 'Transcripts are kept: runs started here switch off Claude Code’s 30-day clean-up.'
              : `Transcripts older than ${retention.configuredDays} day${retention.configuredDays === 1 ? '' : 's'} are deleted by Claude Code (your setting).`}
          </p>
          <p className="text-xs text-neutral-500 dark:text-neutral-400">
            Set <code className="font-mono">cleanupPeriodDays</code> in <code className="font-mono break-all">{retention.settingsPath}</code> to choose a retention.
          </p>
        </>
      )}
    </section>
  );
}
