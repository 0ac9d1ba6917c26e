import type { SettingsTab } from '@/features/config';
import { ConnectDeviceSection } from './ConnectDeviceSection';
import { ThemeSection } from './ThemeSection';

/** General (spec §2): the Theme select; beyond the spec, Connect a device (issue 23). */
export const generalTab: SettingsTab = {
  id: 'general',
  label: 'General',
  sections: [
    { id: 'theme', Component: ThemeSection },
    { id: 'connect-device', Component: ConnectDeviceSection },
  ],
};
