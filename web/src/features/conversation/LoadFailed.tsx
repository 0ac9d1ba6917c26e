import { Link } from 'react-router';
import { buttonClasses } from '@/ui';
import type { LoadError } from './use-conversation-loader';

/**
 * A conversation that could not be opened (issue 16.3): says why and offers the way back, instead of an
 * empty 'New conversation' with a composer that would start something under an id that does not exist.
 */
export function LoadFailed({ error }: { error: LoadError }) {
  return (
    <main className="mx-auto flex w-full max-w-xl flex-1 flex-col items-start gap-3 p-8" data-testid="conversation-load-failed">
      <h1 className="text-lg font-semibold">{error.notFound ? 'Conversation not found' : 'Failed to load conversation'}</h1>
      <p role="alert" className="text-sm text-neutral-600 dark:text-neutral-400">
        {error.notFound ? 'No conversation has this id. It may have been deleted, or the link is wrong.' : error.message}
      </p>
      <Link to="/" className={buttonClasses('primary')}>
        Go back to tasks
      </Link>
    </main>
  );
}
