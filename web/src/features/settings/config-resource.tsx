import { createContext, useCallback, useContext, useEffect, useMemo, useReducer, type ReactNode } from 'react';
import { routes, type ConfigUpdate, type PublicConfig } from '@cui/contract';
import { apiCall } from '@/app/api-client';

/** Spec §8 'Preferences'. */
export const LOAD_FAILED = 'Failed to load preferences';
export const UPDATE_FAILED = 'Failed to update preferences';

/** Reads and writes the public config: GET and PUT /api/config by default; tests pass their own. */
export interface ConfigApi {
  load(signal: AbortSignal): Promise<PublicConfig>;
  update(patch: ConfigUpdate): Promise<PublicConfig>;
}

export const httpConfigApi: ConfigApi = {
  load: (signal) => apiCall(routes.config.getConfig, {}, { signal }),
  update: (patch) => apiCall(routes.config.updateConfig, { body: patch }),
};

/** The one config every settings tab shares: loaded once when the dialog opens, replaced by each PUT's answer. */
export interface ConfigResource {
  config: PublicConfig | undefined;
  loading: boolean;
  /** LOAD_FAILED or UPDATE_FAILED after a failure; cleared by the next success. */
  error: string | null;
  /** Sends a partial update; resolves false (and sets `error`) when it failed. */
  update(patch: ConfigUpdate): Promise<boolean>;
}

type State = Omit<ConfigResource, 'update'>;
type Action = { type: 'loaded' | 'updated'; config: PublicConfig } | { type: 'failed'; error: string };

function reducer(state: State, action: Action): State {
  if (action.type === 'failed') return { ...state, loading: false, error: action.error };
  return { config: action.config, loading: false, error: null };
}

const ConfigContext = createContext<ConfigResource | null>(null);

/**
 * Holds the config for the tabs below it. Kept to load + update so it can later sit on the app's data layer
 * (a query for GET, a mutation for PUT) without the tabs changing.
 */
export function ConfigProvider({ children, api = httpConfigApi }: { children: ReactNode; api?: ConfigApi }) {
  const [state, dispatch] = useReducer(reducer, { config: undefined, loading: true, error: null });

  useEffect(() => {
    const controller = new AbortController();
    api.load(controller.signal).then(
      (config) => dispatch({ type: 'loaded', config }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error(LOAD_FAILED, error);
        dispatch({ type: 'failed', error: LOAD_FAILED });
      },
    );
    return () => controller.abort();
  }, [api]);

  const update = useCallback(
    async (patch: ConfigUpdate) => {
      try {
        dispatch({ type: 'updated', config: await api.update(patch) });
        return true;
      } catch (error) {
        console.error(UPDATE_FAILED, error);
        dispatch({ type: 'failed', error: UPDATE_FAILED });
        return false;
      }
    },
    [api],
  );

  const value = useMemo(() => ({ ...state, update }), [state, update]);
  return <ConfigContext.Provider value={value}>{children}</ConfigContext.Provider>;
}

/** The shared config of the Settings dialog; throws outside ConfigProvider (spec §8: providers used outside scope raise). */
export function useConfigResource(): ConfigResource {
  const resource = useContext(ConfigContext);
  if (!resource) throw new Error('useConfigResource must be used within a ConfigProvider');
  return resource;
}
