import type { SettingsTab } from '@/features/config';
import { NtfySection } from './NtfySection';
import { PushSwitchSection } from './PushSwitchSection';
import { WebPushSection } from './WebPushSection';

/** Notifications (spec §2): the master switch, ntfy, web push. */
export const notificationsTab: SettingsTab = {
  id: 'notifications',
  label: 'Notifications',
  sections: [
    { id: 'push-switch', Component: PushSwitchSection },
    { id: 'ntfy', Component: NtfySection },
    { id: 'web-push', Component: WebPushSection },
  ],
};
