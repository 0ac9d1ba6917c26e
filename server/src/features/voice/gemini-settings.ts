import { DEFAULT_GEMINI_MODEL, type GeminiConfig } from '@cui/contract';

/** The environment variables voice input reads (buildApp passes process.env; tests their own). */
export type VoiceEnv = Partial<Record<'GOOGLE_API_KEY' | 'GEMINI_API_KEY' | 'GOOGLE_GEMINI_BASE_URL', string>>;

/** What the Gemini client is built from: the config first, then the environment, then defaults. */
export interface GeminiSettings {
  /** Absent: voice input is not configured. */
  apiKey?: string;
  model: string;
  /** Absent: Google's own endpoint. */
  baseUrl?: string;
}

const nonEmpty = (value: string | undefined): string | undefined => (value && value.trim() ? value.trim() : undefined);

/** Spec §7: the key from `gemini.apiKey`, else GOOGLE_API_KEY, else GEMINI_API_KEY. */
export function resolveGeminiSettings(config: GeminiConfig, env: VoiceEnv): GeminiSettings {
  const apiKey = nonEmpty(config.apiKey) ?? nonEmpty(env.GOOGLE_API_KEY) ?? nonEmpty(env.GEMINI_API_KEY);
  const baseUrl = nonEmpty(config.baseUrl) ?? nonEmpty(env.GOOGLE_GEMINI_BASE_URL);
  return { model: nonEmpty(config.model) ?? DEFAULT_GEMINI_MODEL, ...(apiKey ? { apiKey } : {}), ...(baseUrl ? { baseUrl } : {}) };
}
