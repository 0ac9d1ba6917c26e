/** Settings dialog (spec §2): the header button and the dialog; tabs and sections are typed in features/config. */
export { SettingsButton } from './SettingsButton';
export { SettingsDialog, type SettingsDialogProps } from './SettingsDialog';
