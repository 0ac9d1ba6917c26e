import type { SettingsTab } from '@/features/settings';
import { NtfySection } from './NtfySection';
import { PushSwitchSection } from './PushSwitchSection';

/** Notifications (spec §2): the master switch, then ntfy. */
export const notificationsTab: SettingsTab = {
  id: 'notifications',
  label: 'Notifications',
  sections: [
    { id: 'push-switch', Component: PushSwitchSection },
    { id: 'ntfy', Component: NtfySection },
  ],
};
