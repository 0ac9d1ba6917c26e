import type { SettingsTab } from '@/features/config';
import { ThemeSection } from './ThemeSection';

/** General (spec §2): the Theme select. */
export const generalTab: SettingsTab = {
  id: 'general',
  label: 'General',
  sections: [{ id: 'theme', Component: ThemeSection }],
};
