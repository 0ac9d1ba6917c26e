import { useEffect, useState } from 'react';
import { apiCall } from '@/app/api-client';
import { routes } from '@/app/routes';
import { Button, Dialog, DialogContent, Spinner } from '@/ui';
import { RestorePanel } from './RestorePanel';
import { rewindItems, type RewindItem } from './rewind-messages';
import { useBranchActions } from './use-branch-actions';

export interface RewindSheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  sessionId: string;
  projectPath: string;
}

type Open = { kind: 'restore' | 'edit'; uuid: string } | null;

/** The conversation's messages, each with 'Branch from here'; the user's with 'Restore files to here' and 'Edit and resend'. */
export function RewindSheet({ open, onOpenChange, sessionId, projectPath }: RewindSheetProps) {
  const [items, setItems] = useState<RewindItem[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [opened, setOpened] = useState<Open>(null);
  const actions = useBranchActions(sessionId, projectPath, () => onOpenChange(false));
  useEffect(() => {
    if (!open) return;
    apiCall(routes.sessions.details, { params: { sessionId } }).then(
      (details) => setItems(rewindItems(details.messages)),
      (error: Error) => setLoadError(error.message),
    );
  }, [open, sessionId]);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setOpened(null);
        onOpenChange(next);
      }}
    >
      <DialogContent title="Restore or branch" description="Restore the files Claude edited, or start a new conversation from any message." width="wide" className="overflow-y-auto">
        {loadError && <p role="alert">{loadError}</p>}
        {actions.error && <p role="alert" className="text-sm text-red-700 dark:text-red-400">{actions.error}</p>}
        {!items && !loadError && <Spinner />}
        <ol className="flex flex-col gap-2">
          {items?.map((item) => (
            <li key={item.uuid} data-testid="rewind-item" data-role={item.role} className="flex flex-col gap-1.5 border-b border-neutral-200 pb-2 dark:border-neutral-800">
              <p className="line-clamp-2 text-sm break-words">
                <span className="font-medium">{item.role === 'user' ? 'You: ' : 'Claude: '}</span>
                {item.text}
              </p>
              <div className="flex flex-wrap gap-1.5">
                {item.role === 'user' && (
                  <Button size="sm" variant="secondary" onClick={() => setOpened({ kind: 'restore', uuid: item.uuid })}>Restore files to here</Button>
                )}
                <Button size="sm" variant="secondary" disabled={actions.busy} onClick={() => void actions.branch(item.uuid)}>Branch from here</Button>
                {item.role === 'user' && (
                  <Button size="sm" variant="secondary" onClick={() => setOpened({ kind: 'edit', uuid: item.uuid })}>Edit and resend</Button>
                )}
              </div>
              {opened?.uuid === item.uuid && opened.kind === 'restore' && (
                <RestorePanel sessionId={sessionId} messageId={item.uuid} projectPath={projectPath} onClose={() => setOpened(null)} />
              )}
              {opened?.uuid === item.uuid && opened.kind === 'edit' && <EditResend item={item} busy={actions.busy} onSend={(text) => void actions.resend(item, text)} />}
            </li>
          ))}
        </ol>
      </DialogContent>
    </Dialog>
  );
}

/** The message's text to edit; Send branches before it and sends the edited text there. */
function EditResend({ item, busy, onSend }: { item: RewindItem; busy: boolean; onSend: (text: string) => void }) {
  const [text, setText] = useState(item.text);
  return (
    <div className="flex flex-col gap-1.5">
      {/* A plain field: the ui Textarea here would split its shared classes out of the conversation's first chunks. */}
      <textarea
        aria-label="Edited message"
        className="min-h-20 rounded-md border border-neutral-300 bg-white px-3 py-2 text-sm dark:border-neutral-700 dark:bg-neutral-900"
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <Button size="sm" variant="primary" className="self-end" disabled={busy || text.trim() === ''} onClick={() => onSend(text)}>
        Send edited message
      </Button>
    </div>
  );
}
