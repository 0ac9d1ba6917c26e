import type { PlatformDeps } from '../../context';
import type { Feature } from '../../platform/feature';
import { createGeminiClient } from './gemini-client';
import type { VoiceEnv } from './gemini-settings';
import { registerVoiceRoutes } from './routes';
import { createVoiceService } from './voice-service';

export interface VoiceOptions {
  /** Where voice input reads GOOGLE_API_KEY, GEMINI_API_KEY and GOOGLE_GEMINI_BASE_URL; process.env when absent. */
  voiceEnv?: VoiceEnv;
}

/** /api/gemini/*; the client and cached health follow the stored gemini config (dropped on each change). */
export function voiceFeature({ platform, options }: { platform: PlatformDeps; options: VoiceOptions }): Feature {
  let unsubscribe: (() => void) | undefined;
  return {
    name: 'voice',
    register(app) {
      const voice = createVoiceService({ getConfig: () => platform.config.get().gemini, env: options.voiceEnv ?? process.env, logger: platform.logger, createClient: createGeminiClient });
      unsubscribe = platform.bus.subscribe('config.changed', ({ sections }) => {
        if (sections.includes('gemini')) voice.reset();
      });
      registerVoiceRoutes(app, { voice });
    },
    close: () => unsubscribe?.(),
  };
}
