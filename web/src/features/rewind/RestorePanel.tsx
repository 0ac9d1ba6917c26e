import { useEffect, useState } from 'react';
import type { RewindPreview } from '@cui/contract';
import { apiCall } from '@/app/api-client';
import { routes } from '@/app/routes';
import { Button, Spinner } from '@/ui';

type Step = { kind: 'loading' } | { kind: 'preview'; preview: RewindPreview } | { kind: 'restoring' } | { kind: 'done'; count: number } | { kind: 'failed'; error: string };

const relative = (file: string, folder: string): string => (file.startsWith(`${folder}/`) ? file.slice(folder.length + 1) : file);

/** 'Restore files to here': the SDK's dry run first (files, +/−), then the confirmation, then the restore. */
export function RestorePanel({ sessionId, messageId, projectPath, onClose }: { sessionId: string; messageId: string; projectPath: string; onClose: () => void }) {
  const [step, setStep] = useState<Step>({ kind: 'loading' });
  const ref = { params: { sessionId }, body: { messageId } };
  useEffect(() => {
    apiCall(routes.rewind.preview, { params: { sessionId }, body: { messageId } }).then(
      (preview) => setStep({ kind: 'preview', preview }),
      (error: Error) => setStep({ kind: 'failed', error: error.message }),
    );
  }, [sessionId, messageId]);
  const restore = () => {
    setStep({ kind: 'restoring' });
    apiCall(routes.rewind.restore, ref).then(
      (done) => setStep({ kind: 'done', count: done.filesChanged.length }),
      (error: Error) => setStep({ kind: 'failed', error: error.message }),
    );
  };
  return (
    <div className="flex flex-col gap-2 rounded-lg border border-neutral-200 p-3 text-sm dark:border-neutral-800" data-testid="restore-panel">
      <p className="text-xs text-neutral-600 dark:text-neutral-400">Changes made by shell commands (Bash) are not tracked and are not restored.</p>
      {(step.kind === 'loading' || step.kind === 'restoring') && <Spinner />}
      {step.kind === 'failed' && <p role="alert" className="text-red-700 dark:text-red-400">{step.error}</p>}
      {step.kind === 'done' && <p role="status">Restored {step.count} {step.count === 1 ? 'file' : 'files'} to before this message.</p>}
      {step.kind === 'preview' && !step.preview.canRewind && <p role="alert">{step.preview.error ?? 'Nothing can be restored for this message.'}</p>}
      {step.kind === 'preview' && step.preview.canRewind && step.preview.filesChanged.length === 0 && <p role="status">No file differs from before this message.</p>}
      {step.kind === 'preview' && step.preview.canRewind && step.preview.filesChanged.length > 0 && (
        <>
          <p>
            Restoring changes {step.preview.filesChanged.length} {step.preview.filesChanged.length === 1 ? 'file' : 'files'}{' '}
            <span className="text-green-700 dark:text-green-400">+{step.preview.insertions}</span> <span className="text-red-700 dark:text-red-400">−{step.preview.deletions}</span>:
          </p>
          <ul className="font-mono text-xs break-all">
            {step.preview.filesChanged.map((file) => (
              <li key={file}>{relative(file, projectPath)}</li>
            ))}
          </ul>
          <div className="flex gap-2">
            <Button size="sm" onClick={restore}>Restore files</Button>
            <Button size="sm" variant="ghost" onClick={onClose}>Cancel</Button>
          </div>
        </>
      )}
    </div>
  );
}
