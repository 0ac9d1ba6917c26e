import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';

const FilesPanel = lazy(() => import('./FilesPanel'));

/** A Grep's hits as links to the files, in its own chunk: mounted once the Grep's result is expanded. */
export const GrepHitLinks = lazy(() => import('./GrepHits'));

/** The files sheet of a conversation, open while the address has `?files=` (a file, or empty for the folder). */
export function FilesSheet({ sessionId }: { sessionId: string }) {
  const [params] = useSearchParams();
  const target = params.get('files');
  if (target === null) return null;
  const line = Number(params.get('line')) || undefined;
  return (
    <Suspense fallback={null}>
      <FilesPanel sessionId={sessionId} target={target} line={line} find={params.get('find') ?? undefined} />
    </Suspense>
  );
}
