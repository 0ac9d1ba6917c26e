import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { ConfigUpdate, PublicConfig } from '@cui/contract';
import { routes } from '@/app/routes';
import { useApiMutation } from '@/app/use-api-mutation';
import { useApiQuery } from '@/app/use-api-query';

/** Spec §8 'Preferences'. */
export const LOAD_FAILED = 'Failed to load preferences';
export const UPDATE_FAILED = 'Failed to update preferences';

/** The one config every settings tab shares: loaded once when the dialog opens, replaced by each PUT's answer. */
export interface ConfigResource {
  config: PublicConfig | undefined;
  loading: boolean;
  /** LOAD_FAILED or UPDATE_FAILED after a failure; cleared by the next success. */
  error: string | null;
  /** Sends a partial update; resolves false (and sets `error`) when it failed. */
  update(patch: ConfigUpdate): Promise<boolean>;
}

const ConfigContext = createContext<ConfigResource | null>(null);

/**
 * Holds the config for the tabs below it, on the app's data layer: a query for GET /api/config (loaded once per
 * opening of the dialog) and a mutation for PUT, whose answer replaces the loaded config.
 */
export function ConfigProvider({ children }: { children: ReactNode }) {
  const query = useApiQuery(routes.config.getConfig);
  const { mutate } = useApiMutation(routes.config.updateConfig);
  const [updateFailed, setUpdateFailed] = useState(false);
  const { setData } = query;

  useEffect(() => {
    if (query.error) console.error(LOAD_FAILED, query.error);
  }, [query.error]);

  const update = useCallback(
    async (patch: ConfigUpdate) => {
      const answer = await mutate({ body: patch });
      if (!answer) {
        console.error(UPDATE_FAILED);
        setUpdateFailed(true);
        return false;
      }
      setUpdateFailed(false);
      setData(() => answer);
      return true;
    },
    [mutate, setData],
  );

  const error = updateFailed ? UPDATE_FAILED : query.error ? LOAD_FAILED : null;
  const value = useMemo(() => ({ config: query.data, loading: query.loading, error, update }), [query.data, query.loading, error, update]);
  return <ConfigContext.Provider value={value}>{children}</ConfigContext.Provider>;
}

/** The shared config of the Settings dialog; throws outside ConfigProvider (spec §8: providers used outside scope raise). */
export function useConfigResource(): ConfigResource {
  const resource = useContext(ConfigContext);
  if (!resource) throw new Error('useConfigResource must be used within a ConfigProvider');
  return resource;
}
