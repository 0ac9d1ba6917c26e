import { createContext, useContext, useEffect, type ReactNode } from 'react';
import type { ListenAddress, SystemStatus } from '@cui/contract';
import { routes } from './routes';
import { useApiQuery } from './use-api-query';

const SystemStatusContext = createContext<{ status: SystemStatus | undefined } | null>(null);

/** Loads GET /api/system/status once per page load (inside the auth gate) and shares it; failures are only logged. */
export function SystemStatusProvider({ children }: { children: ReactNode }) {
  const { data: status, error } = useApiQuery(routes.system.status);
  useEffect(() => {
    if (error) console.warn('Failed to load system status', error);
  }, [error]);
  return <SystemStatusContext.Provider value={{ status }}>{children}</SystemStatusContext.Provider>;
}

/** The system status (machineId, claude version, demoMode, …); undefined until it has loaded. */
export function useSystemStatus(): SystemStatus | undefined {
  const value = useContext(SystemStatusContext);
  if (!value) throw new Error('useSystemStatus must be used within a SystemStatusProvider');
  return value.status;
}

/** The user's home directory from the system status, for showing paths with '~'; undefined until loaded or outside a provider. */
export function useHomeDirectory(): string | undefined {
  return useContext(SystemStatusContext)?.status?.homeDirectory;
}

/** Where the server listens (Settings › Connect a device); undefined until loaded or outside a provider. */
export function useListenAddress(): ListenAddress | undefined {
  return useContext(SystemStatusContext)?.status?.listen;
}
