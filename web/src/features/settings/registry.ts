import { notificationsTab } from '@/features/notifications';
import { modelProviderTab } from '@/features/router';
import { voiceInputTab } from '@/features/voice';
import { dataControlsTab } from './tabs/data-controls';
import { generalTab } from './tabs/general';
import { SETTINGS_TAB_ORDER, type SettingsTab } from '@/features/config';

/**
 * The Settings dialog's tabs, each contributed by its feature. To add a tab (one file: this one): build its sections
 * in your feature (typed with `SettingsTab` from '@/features/config'), export it from the feature's index.ts and list it in `registeredTabs`; its place comes
 * from SETTINGS_TAB_ORDER. To add a section to a tab, append it to that tab's `sections` (e.g. 'Trusted folders' to
 * tabs/general.ts, with the section component imported from its feature's index.ts).
 */
function registeredTabs(): SettingsTab[] {
  // A tab's feature imports '@/features/config' (useConfigResource, SettingsTab), never this feature: no import cycle
  // (lint's import-x/no-cycle keeps it so).
  return [generalTab, notificationsTab, dataControlsTab, voiceInputTab, modelProviderTab];
}

/** The registered tabs in the spec's order. */
export function settingsTabs(tabs: readonly SettingsTab[] = registeredTabs()): SettingsTab[] {
  return [...tabs].sort((a, b) => SETTINGS_TAB_ORDER.indexOf(a.id) - SETTINGS_TAB_ORDER.indexOf(b.id));
}
