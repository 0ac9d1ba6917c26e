/** Settings: the config file (server-only fields plus the contract's public sections), its store and routes. */
export { ConfigFile, generateAuthToken, generateMachineId, loadConfigFile, type CuiConfig } from './config-file';
export { createConfigStore, type ConfigStore, type ConfigStoreOptions, type PrivateConfigPatch } from './config-store';
export { changedSections, mergeBySchema, mergeConfigUpdate } from './config-merge';
export { registerSettingsRoutes } from './routes';
export { isMasked, maskSecret, publicConfig, restoreMaskedSecrets } from './secrets';
export { settingsFeature } from './feature';
