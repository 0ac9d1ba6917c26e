/** Settings dialog (spec §2): the header button, and the types other features use to contribute tabs and sections. */
export { SettingsButton } from './SettingsButton';
export { SettingsDialog, type SettingsDialogProps } from './SettingsDialog';
export { useConfigResource, type ConfigResource } from './config-resource';
export type { SettingsSection, SettingsTab, SettingsTabId } from './types';
