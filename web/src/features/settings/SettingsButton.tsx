import { lazy, Suspense, useState } from 'react';
import { Settings } from 'lucide-react';
import { IconButton } from '@/ui';

// The dialog and every tab's code load when it is first opened, not with the page (issue 11, page weight).
const SettingsDialog = lazy(() => import('./SettingsDialog').then((m) => ({ default: m.SettingsDialog })));

/** The header's settings icon button (tooltip 'Settings') and the dialog it opens. */
export function SettingsButton() {
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so closing keeps the dialog's own exit and focus return.
  const [opened, setOpened] = useState(false);
  const show = () => {
    setOpened(true);
    setOpen(true);
  };
  return (
    <>
      <IconButton label="Settings" icon={<Settings size={18} />} onClick={show} />
      {opened && (
        <Suspense fallback={null}>
          <SettingsDialog open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
