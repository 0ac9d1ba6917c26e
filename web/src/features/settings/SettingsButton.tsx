import { lazy, useState } from 'react';
import { Settings } from 'lucide-react';
import { IconButton, MountOnceOpened } from '@/ui';

// The dialog and every tab's code load when it is first opened, not with the page (issue 11, page weight).
const SettingsDialog = lazy(() => import('./SettingsDialog').then((m) => ({ default: m.SettingsDialog })));

/** The header's settings icon button (tooltip 'Settings') and the dialog it opens. */
export function SettingsButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <IconButton label="Settings" icon={<Settings size={18} />} onClick={() => setOpen(true)} />
      <MountOnceOpened open={open}>
        <SettingsDialog open={open} onOpenChange={setOpen} />
      </MountOnceOpened>
    </>
  );
}
