import type { SettingsTab } from '../types';
import { ArchiveAllSection } from './ArchiveAllSection';

/** Data controls (spec §2): Archive All Sessions. */
export const dataControlsTab: SettingsTab = {
  id: 'data',
  label: 'Data controls',
  sections: [{ id: 'archive-all', Component: ArchiveAllSection }],
};
