import type { SettingsTab } from '@/features/config';
import { ModelProviderSection } from './ModelProviderSection';

/**
 * The router on the web (the server's `features/router`, config section `router`): the Settings dialog's Model Provider
 * tab (spec §2). A provider is one upstream entry of the router's config (`router.providers`).
 */
export const modelProviderTab: SettingsTab = {
  id: 'provider',
  label: 'Model Provider',
  sections: [{ id: 'model-provider', Component: ModelProviderSection }],
};
