import type { SettingsTab } from '@/features/config';
import { ModelProviderSection } from './ModelProviderSection';

/** Model-provider routing on the web: the Settings dialog's Model Provider tab (spec §2). */
export const modelProviderTab: SettingsTab = {
  id: 'provider',
  label: 'Model Provider',
  sections: [{ id: 'model-provider', Component: ModelProviderSection }],
};
