import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { buttonClasses } from '@/ui/Button';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) return error.message;
  return 'Unknown error';
}

/** Error boundary of every route: a render error shows here instead of a blank page. */
export function RouteError() {
  const error = useRouteError();
  return (
    <main role="alert" className="mx-auto flex max-w-xl flex-col items-start gap-3 p-8">
      <h1 className="text-lg font-semibold">Something went wrong</h1>
      <pre className="w-full overflow-auto rounded-md bg-neutral-100 p-3 text-sm whitespace-pre-wrap dark:bg-neutral-900">{describe(error)}</pre>
      <div className="flex gap-2">
        <Link to="/" className={buttonClasses('primary')}>
          Back to home
        </Link>
        <button type="button" className={buttonClasses('secondary')} onClick={() => window.location.reload()}>
          Reload
        </button>
      </div>
    </main>
  );
}
