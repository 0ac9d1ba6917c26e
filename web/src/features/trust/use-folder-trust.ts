import { useCallback, useEffect, useState } from 'react';
import type { FolderTrust } from '@cui/contract';
import { routes } from '@/app/routes';
import { apiCall } from '@/app/api-client';

export interface FolderTrustState {
  /** The folder's trust and settings; null while loading, without a folder, or when the check failed. */
  trust: FolderTrust | null;
  /** True once the user trusted the folder here (the notice then says when it applies). */
  trustedNow: boolean;
  busy: boolean;
  error: string | null;
  trustFolder(): Promise<void>;
}

interface ActionState {
  busy: boolean;
  error: string | null;
  trustedNow: boolean;
}
const IDLE: ActionState = { busy: false, error: null, trustedNow: false };

/** GET /api/trust/check for `folder` (again whenever it changes) and the 'Trust this folder' action. */
export function useFolderTrust(folder: string | undefined): FolderTrustState {
  // Both states remember the folder they belong to, so a change of folder shows nothing stale.
  const [checked, setChecked] = useState<{ folder: string; trust: FolderTrust | null } | null>(null);
  const [action, setAction] = useState<{ folder: string; state: ActionState } | null>(null);
  useEffect(() => {
    if (!folder) return;
    const controller = new AbortController();
    apiCall(routes.trust.check, { query: { path: folder } }, { signal: controller.signal }).then(
      // Validated (with the contract's schema, loaded on demand to keep zod out of the first load): an unexpected answer
      // shows no notice rather than a wrong one.
      (response) => import('@cui/contract').then(({ FolderTrust: schema }) => setChecked({ folder, trust: schema.safeParse(response).data ?? null })),
      () => undefined, // no notice when the check fails: the run itself still starts safely without the settings
    );
    return () => controller.abort();
  }, [folder]);
  const trustFolder = useCallback(async () => {
    if (!folder) return;
    setAction({ folder, state: { ...IDLE, busy: true } });
    try {
      await apiCall(routes.trust.trust, { body: { path: folder } });
      setAction({ folder, state: { ...IDLE, trustedNow: true } });
    } catch (error) {
      setAction({ folder, state: { ...IDLE, error: error instanceof Error ? error.message : String(error) } });
    }
  }, [folder]);
  const trust = checked && checked.folder === folder ? checked.trust : null;
  const state = action && action.folder === folder ? action.state : IDLE;
  return { trust, ...state, trustFolder };
}
