import { Button } from '@/ui';
import { useArchiveAll, type ArchiveAllDeps } from './use-archive-all';

/** Data controls › Archive All Sessions, with its status line under the button. */
export function ArchiveAllSection({ deps }: { deps?: ArchiveAllDeps }) {
  const { status, archive } = useArchiveAll(deps);
  return (
    <div className="flex flex-col items-start gap-2 text-sm">
      <p className="text-neutral-600 dark:text-neutral-400">Move every session to the Archive tab.</p>
      <Button variant="danger" disabled={status.state === 'archiving'} onClick={() => void archive()}>
        Archive All Sessions
      </Button>
      <p role="status" className={status.state === 'failed' ? 'text-red-600 dark:text-red-400' : 'text-neutral-600 dark:text-neutral-400'}>
        {status.state === 'archiving' ? 'Archiving...' : status.state === 'done' || status.state === 'failed' ? status.message : ''}
      </p>
    </div>
  );
}
