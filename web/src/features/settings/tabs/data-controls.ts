import { PermissionRules, RetentionInfo, TrustedFolders } from '@/features/trust';
import type { SettingsTab } from '@/features/config';
import { ArchiveAllSection } from './ArchiveAllSection';

/**
 * Data controls (spec §2): Archive All Sessions; then the transcript retention in force and the trusted folders
 * (issue 10: which folders' own settings runs load, revocable), and the permission rules (issue 26.1: listed, removable).
 */
export const dataControlsTab: SettingsTab = {
  id: 'data',
  label: 'Data controls',
  sections: [
    { id: 'archive-all', Component: ArchiveAllSection },
    { id: 'retention', Component: RetentionInfo },
    { id: 'trusted-folders', Component: TrustedFolders },
    { id: 'permission-rules', Component: PermissionRules },
  ],
};
