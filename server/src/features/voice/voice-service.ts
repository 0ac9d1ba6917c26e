import { SummarizeResponse, type GeminiConfig, type VoiceHealth } from '@cui/contract';
import type { Logger } from 'pino';
import { AppError } from '../../platform/app-error';
import { isKeyRejected, providerMessage, type GeminiClient, type GeminiClientFactory } from './gemini-client';
import { resolveGeminiSettings, type VoiceEnv } from './gemini-settings';

/** How long a health answer is reused (the Voice Input tab and the composer may both ask). */
export const HEALTH_CACHE_MS = 60_000;

const TRANSCRIBE_INSTRUCTION =
  'Transcribe this audio recording verbatim. It is dictation of a prompt for a coding assistant. ' +
  'Return only the spoken words, with punctuation, and nothing else. If there is no speech, return an empty answer.';

/** Gemini's schema dialect (the SDK's `Type` values, written out so the SDK loads only when first used). */
const SUMMARY_SCHEMA = {
  type: 'OBJECT',
  properties: { title: { type: 'STRING' }, keypoints: { type: 'ARRAY', items: { type: 'STRING' } } },
  required: ['title', 'keypoints'],
};

export interface VoiceServiceDeps {
  getConfig: () => GeminiConfig;
  env: VoiceEnv;
  logger: Logger;
  createClient: GeminiClientFactory;
  now?: () => number;
}

export interface VoiceService {
  transcribe(audio: Buffer, mimeType: string): Promise<string>;
  summarize(text: string): Promise<SummarizeResponse>;
  health(): Promise<VoiceHealth>;
  /** Drops the client and the cached health: the next call builds them from the config as it is now. */
  reset(): void;
}

/** Transcribe, summarize and health over one Gemini client, built lazily from the config and environment. */
export function createVoiceService(deps: VoiceServiceDeps): VoiceService {
  const logger = deps.logger.child({ component: 'voice' });
  const now = deps.now ?? Date.now;
  let client: GeminiClient | undefined;
  let cached: { health: VoiceHealth; at: number } | undefined;

  const current = (): GeminiClient | undefined => {
    if (client) return client;
    const settings = resolveGeminiSettings(deps.getConfig(), deps.env);
    if (!settings.apiKey) return undefined;
    client = deps.createClient({ ...settings, apiKey: settings.apiKey });
    return client;
  };
  const required = (): GeminiClient => {
    const found = current();
    if (!found) throw new AppError('voice.not_configured', 'Gemini API key not configured');
    return found;
  };
  const call = async <T>(what: string, run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      if (error instanceof AppError) throw error;
      // The provider's message only: SDK errors carry no key (it travels in a header), request bodies are not logged.
      logger.warn({ status: (error as { status?: unknown }).status }, `Gemini ${what} failed: ${providerMessage(error)}`);
      throw new AppError('voice.provider_failed', `Gemini ${what} failed: ${providerMessage(error)}`, { cause: error });
    }
  };

  return {
    async transcribe(audio, mimeType) {
      const gemini = required();
      const text = await call('transcription', () => gemini.generate({ parts: [{ inlineData: { mimeType, data: audio.toString('base64') } }, { text: TRANSCRIBE_INSTRUCTION }] }));
      logger.debug({ bytes: audio.length, mimeType, characters: text.trim().length }, 'transcribed');
      return text.trim();
    },
    async summarize(text) {
      const gemini = required();
      const answer = await call('summary', () => gemini.generate({ parts: [{ text: `Summarize the following text as a short title and its key points.\n\n${text}` }], responseSchema: SUMMARY_SCHEMA }));
      return parseSummary(answer);
    },
    async health() {
      if (cached && now() - cached.at < HEALTH_CACHE_MS) return cached.health;
      const health = await checkHealth(current());
      cached = { health, at: now() };
      return health;
    },
    reset() {
      client = undefined;
      cached = undefined;
    },
  };
}

function parseSummary(answer: string): SummarizeResponse {
  let value: unknown;
  try {
    value = JSON.parse(answer);
  } catch (error) {
    throw new AppError('voice.provider_failed', 'Gemini returned a summary that is not JSON', { cause: error });
  }
  const parsed = SummarizeResponse.safeParse(value);
  if (!parsed.success) throw new AppError('voice.provider_failed', 'Gemini returned a summary without a title and key points');
  return parsed.data;
}

/** Spec §3 health, checked with GET models/{model} (no tokens): a rejected key is `apiKeyValid: false`, anything else keeps it true. */
async function checkHealth(client: GeminiClient | undefined): Promise<VoiceHealth> {
  if (!client) return { status: 'unhealthy', message: 'Gemini API key not configured', apiKeyValid: false };
  try {
    await client.checkModel();
    return { status: 'healthy', message: 'Gemini API is accessible', apiKeyValid: true };
  } catch (error) {
    if (isKeyRejected(error)) return { status: 'unhealthy', message: `Invalid Gemini API key: ${providerMessage(error)}`, apiKeyValid: false };
    return { status: 'unhealthy', message: `Gemini is not reachable: ${providerMessage(error)}`, apiKeyValid: true };
  }
}
