import type { PlatformDeps } from '../../context';
import type { Feature } from '../../platform/feature';
import { registerSettingsRoutes } from './routes';

/** GET/PUT /api/config (the contract's `config` group). */
export function settingsFeature({ platform }: { platform: PlatformDeps }): Feature {
  return { name: 'settings', register: (app) => registerSettingsRoutes(app, platform) };
}
