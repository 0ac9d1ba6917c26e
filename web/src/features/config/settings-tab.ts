import type { ComponentType } from 'react';

/** The Settings dialog's tabs in the spec's order (§2): a tab is shown once its feature registers it. */
export const SETTINGS_TAB_ORDER = ['general', 'notifications', 'data', 'voice', 'provider'] as const;
export type SettingsTabId = (typeof SETTINGS_TAB_ORDER)[number];

/** One block of a tab (e.g. Theme, Archive All, Trusted folders). It reads the config through `useConfigResource`. */
export interface SettingsSection {
  id: string;
  Component: ComponentType;
}

export interface SettingsTab {
  id: SettingsTabId;
  label: string;
  sections: readonly SettingsSection[];
}
