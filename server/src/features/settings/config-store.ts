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
  /** Sets server-only fields (never part of the public sections, so no `config.changed`); validated and written atomically. */
  updatePrivate(patch: PrivateConfigPatch): CuiConfig;
  readonly path: string;
}

/** The server-only fields a feature may set at run time. */
export type PrivateConfigPatch = Partial<Pick<CuiConfig, 'webPush'>>;

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
    updatePrivate(patch) {
      const result = ConfigFile.safeParse({ ...current, ...patch });
      if (!result.success) throw new AppError('config.invalid', formatZodError(result.error));
      writeFileAtomic(path, serializeConfig(result.data));
      current = result.data;
      return current;
    },
  };
}
