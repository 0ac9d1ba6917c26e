import { lazy, useState } from 'react';
// GitBranch: an icon the conversation's first paint already loads (the worktree badge's), so the button costs no icon.
import { GitBranch } from 'lucide-react';
import { IconButton, MountOnceOpened } from '@/ui';

// The panel's code loads when it is first opened, not with the conversation (page weight).
const RewindSheet = lazy(() => import('./RewindSheet').then((m) => ({ default: m.RewindSheet })));

/** The conversation header's 'Restore or branch' button and the panel it opens. */
export function RewindButton({ sessionId, projectPath }: { sessionId: string; projectPath: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <IconButton label="Restore or branch" icon={<GitBranch size={16} aria-hidden />} onClick={() => setOpen(true)} />
      <MountOnceOpened open={open}>
        <RewindSheet open={open} onOpenChange={setOpen} sessionId={sessionId} projectPath={projectPath} />
      </MountOnceOpened>
    </>
  );
}
