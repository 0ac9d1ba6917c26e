import { dataControlsTab } from './tabs/data-controls';
import { generalTab } from './tabs/general';
import { SETTINGS_TAB_ORDER, type SettingsTab } from './types';

/**
 * The Settings dialog's tabs, each contributed by its feature. To add a tab: build its sections in your feature,
 * export a `SettingsTab` from the feature's index.ts and list it here (its place comes from SETTINGS_TAB_ORDER).
 * To add a section to an existing tab, append it to that tab's `sections` (e.g. `Trusted folders` to General).
 */
const TABS: readonly SettingsTab[] = [generalTab, dataControlsTab];

/** The registered tabs in the spec's order. */
export function settingsTabs(tabs: readonly SettingsTab[] = TABS): SettingsTab[] {
  return [...tabs].sort((a, b) => SETTINGS_TAB_ORDER.indexOf(a.id) - SETTINGS_TAB_ORDER.indexOf(b.id));
}
