/**
 * The server's config on the web, and what a Settings tab is: `useConfigResource` (GET/PUT /api/config) and the tab
 * and section types with their order. Features that contribute a Settings tab import this, never the dialog
 * (features/settings imports their tabs: the other way round would be an import cycle).
 */
export { ConfigProvider, useConfigResource, type ConfigResource } from './config-resource';
export { SETTINGS_TAB_ORDER, type SettingsSection, type SettingsTab, type SettingsTabId } from './settings-tab';
