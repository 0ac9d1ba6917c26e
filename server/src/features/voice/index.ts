/** Voice input: transcribe and summarize with Gemini, and its health (spec §7 `/api/gemini/*`). */
export { createGeminiClient, type GeminiClient, type GeminiClientFactory, type GenerateRequest } from './gemini-client';
export { resolveGeminiSettings, type GeminiSettings, type VoiceEnv } from './gemini-settings';
export { registerVoiceRoutes } from './routes';
export { createVoiceService, HEALTH_CACHE_MS, type VoiceService, type VoiceServiceDeps } from './voice-service';
export { voiceFeature, type VoiceOptions } from './feature';
