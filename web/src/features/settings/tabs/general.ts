import type { SettingsTab } from '@/features/config';
import { ConnectDeviceSection } from './ConnectDeviceSection';
import { TerminalSection } from './TerminalSection';
import { ThemeSection } from './ThemeSection';

/** General (spec §2): the Theme select; beyond the spec, Connect a device (issue 23) and terminals beyond loopback (issue 25). */
export const generalTab: SettingsTab = {
  id: 'general',
  label: 'General',
  sections: [
    { id: 'theme', Component: ThemeSection },
    { id: 'connect-device', Component: ConnectDeviceSection },
    { id: 'terminal', Component: TerminalSection },
  ],
};
