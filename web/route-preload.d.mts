import type { Plugin } from 'vite';

export interface RoutePreload {
  /** The screen shows at addresses starting with this… */
  prefix?: string;
  /** …or at exactly this one. */
  exact?: string;
  /** Its files, with the base path, beyond what the entry loads. */
  files: string[];
}

export const ROUTE_SCREENS: ReadonlyArray<{ module: string; prefix?: string; exact?: string }>;
/** The files each screen needs beyond the entry's, from a Rolldown output bundle. */
export function routePreloads(bundle: Record<string, { type: string; fileName: string; isEntry?: boolean; imports?: string[]; facadeModuleId?: string | null }>, base?: string): RoutePreload[];
/** The inline script adding one `<link rel=modulepreload>` per file of the screen the address shows. */
export function routePreloadScript(preloads: RoutePreload[]): string;
/** The Vite plugin (build only). */
export function routePreload(): Plugin;
