import type { GoogleGenAI } from '@google/genai';
import type { GeminiSettings } from './gemini-settings';

/** One generateContent call: inline parts (text or base64 data) and, for structured output, a JSON response schema. */
export interface GenerateRequest {
  parts: ({ text: string } | { inlineData: { mimeType: string; data: string } })[];
  responseSchema?: Record<string, unknown>;
}

/** The little of Gemini that voice input uses. */
export interface GeminiClient {
  /** The response's text (its text parts joined). */
  generate(request: GenerateRequest): Promise<string>;
  /** GET models/{model}: checks the key and the model without generating anything. */
  checkModel(): Promise<void>;
}

/** Builds a client for settings that hold a key (a factory, so tests may swap the SDK for a double). */
export type GeminiClientFactory = (settings: GeminiSettings & { apiKey: string }) => GeminiClient;

/** Long enough for ten minutes of audio; the SDK does not retry unless asked, so a failure comes back at once. */
const REQUEST_TIMEOUT_MS = 120_000;

/** The real client: @google/genai, loaded on first use (a large module that start-up does not need). */
export const createGeminiClient: GeminiClientFactory = (settings) => {
  let loading: Promise<GoogleGenAI> | undefined;
  const sdk = () =>
    (loading ??= import('@google/genai').then(
      ({ GoogleGenAI }) => new GoogleGenAI({ apiKey: settings.apiKey, httpOptions: { timeout: REQUEST_TIMEOUT_MS, ...(settings.baseUrl ? { baseUrl: settings.baseUrl } : {}) } }),
    ));
  return {
    async generate(request) {
      const ai = await sdk();
      const config = request.responseSchema ? { responseMimeType: 'application/json', responseSchema: request.responseSchema } : undefined;
      const response = await ai.models.generateContent({ model: settings.model, contents: [{ role: 'user', parts: request.parts }], ...(config ? { config } : {}) });
      return response.text ?? '';
    },
    async checkModel() {
      const ai = await sdk();
      await ai.models.get({ model: settings.model });
    },
  };
};

/** The HTTP status of an SDK ApiError (absent for network failures). */
export function providerStatus(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
}

/** The provider's own message: an ApiError's message is the error body's JSON text, whose `error.message` is the readable part. */
export function providerMessage(error: unknown): string {
  const raw = error instanceof Error ? error.message : String(error);
  const start = raw.indexOf('{');
  if (start >= 0) {
    try {
      const body = JSON.parse(raw.slice(start)) as { error?: { message?: unknown } };
      if (typeof body.error?.message === 'string') return body.error.message;
    } catch {
      // Not JSON after all: the raw text is the message.
    }
  }
  const cause = (error as { cause?: { message?: unknown } } | null)?.cause?.message;
  return typeof cause === 'string' && cause !== raw ? `${raw} (${cause})` : raw;
}

/** True for the answers Gemini gives a bad key: 400 API_KEY_INVALID, 401, 403. */
export function isKeyRejected(error: unknown): boolean {
  const status = providerStatus(error);
  if (status === 401 || status === 403) return true;
  return status === 400 && error instanceof Error && /API_KEY_INVALID|API key not valid/i.test(error.message);
}
