import { CONFIG_SECTIONS, formatZodError, type ConfigUpdate } from '@cui/contract';
import { AppError } from '../../platform/app-error';
import type { EventBus } from '../../platform/bus';
import { writeFileAtomic } from '../../platform/write-file-atomic';
import { ConfigFile, loadConfigFile, serializeConfig, type CuiConfig } from './config-file';
import { changedSections, mergeConfigUpdate } from './config-merge';

/** The console's configuration file (CUI_HOME/config.json), validated on load and on every write. */
export interface ConfigStore {
  get(): CuiConfig;
  /**
   * Merges a validated partial update (see `mergeConfigUpdate`), validates the result, writes it atomically,
   * publishes `config.changed` with the sections whose value changed, and returns it. On any failure it throws
   * AppError('config.invalid') and neither the file nor memory changes.
   */
  update(update: ConfigUpdate): CuiConfig;
  readonly path: string;
}

export interface ConfigStoreOptions {
  path: string;
  bus: Pick<EventBus, 'publish'>;
}

/** Loads (creating on first start) and validates the config; see `loadConfigFile` for the errors it throws. */
export function createConfigStore({ path, bus }: ConfigStoreOptions): ConfigStore {
  let current = loadConfigFile(path);
  return {
    path,
    get: () => current,
    update(update) {
      const result = ConfigFile.safeParse(mergeConfigUpdate(CONFIG_SECTIONS, current, update));
      if (!result.success) throw new AppError('config.invalid', formatZodError(result.error));
      const previous = current;
      writeFileAtomic(path, serializeConfig(result.data));
      current = result.data;
      const sections = changedSections(CONFIG_SECTIONS, previous, current);
      if (sections.length > 0) bus.publish('config.changed', { sections });
      return current;
    },
  };
}
