import type { SettingsTab } from '@/features/config';
import { VoiceInputSection } from './VoiceInputSection';

/** Voice input on the web: the Settings dialog's Voice Input tab (spec §2); the microphone itself is in the composer. */
export const voiceInputTab: SettingsTab = {
  id: 'voice',
  label: 'Voice Input',
  sections: [{ id: 'voice-input', Component: VoiceInputSection }],
};
