import { useState } from 'react';
import { Settings } from 'lucide-react';
import { IconButton } from '@/ui';
import { SettingsDialog } from './SettingsDialog';

/** The header's settings icon button (tooltip 'Settings') and the dialog it opens. */
export function SettingsButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <IconButton label="Settings" icon={<Settings size={18} />} onClick={() => setOpen(true)} />
      <SettingsDialog open={open} onOpenChange={setOpen} />
    </>
  );
}
