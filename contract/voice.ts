import { z } from 'zod';
import { defineRoute } from './route';

/** Spec §5: the audio types transcribe accepts (a parameter such as ';codecs=opus' is ignored). */
export const TRANSCRIBE_MIME_TYPES = ['audio/wav', 'audio/mp3', 'audio/mpeg', 'audio/ogg', 'audio/webm'] as const;
export const TranscribeMimeType = z.preprocess(
  (value) => (typeof value === 'string' ? (value.split(';')[0] ?? '').trim().toLowerCase() : value),
  z.enum(TRANSCRIBE_MIME_TYPES, { error: `mimeType must be one of: ${TRANSCRIBE_MIME_TYPES.join(', ')}` }),
);
export type TranscribeMimeType = z.infer<typeof TranscribeMimeType>;

/** Spec §5: what a transcribe request without audio is told. */
export const MISSING_AUDIO_MESSAGE = 'Please provide an audio file or base64 data';
/** Spec §5: what a summarize request without text is told. */
export const MISSING_TEXT_MESSAGE = 'Please provide text to summarize';

/** Largest audio accepted: ten minutes at the composer's 16 kbps is about 1.2 MB; Gemini's inline limit is 20 MB. */
export const MAX_AUDIO_BYTES = 7 * 1024 * 1024;

const Base64 = z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/, 'audio must be base64');

/**
 * JSON transcribe body (spec §7): base64 audio plus its type. `audioBase64` is accepted as another name for
 * `audio` (what the upstream composer sent).
 */
export const TranscribeRequest = z
  .object({
    audio: Base64.optional(),
    audioBase64: Base64.optional(),
    mimeType: TranscribeMimeType.optional(),
  })
  .refine((value) => Boolean(value.audio || value.audioBase64), { message: MISSING_AUDIO_MESSAGE });
export type TranscribeRequest = z.infer<typeof TranscribeRequest>;

/** Text parts of the multipart variant: the file part `audio` carries its own type, which `mimeType` overrides. */
export const TranscribeUploadFields = z.object({ mimeType: TranscribeMimeType.optional() });

export const TranscribeResponse = z.object({ text: z.string() });
export type TranscribeResponse = z.infer<typeof TranscribeResponse>;

export const SummarizeRequest = z.object({
  text: z.string({ error: MISSING_TEXT_MESSAGE }).trim().min(1, MISSING_TEXT_MESSAGE).max(200_000),
});
export type SummarizeRequest = z.infer<typeof SummarizeRequest>;

/** The summary object (upstream's shape): a title and the key points. */
export const SummarizeResponse = z.object({ title: z.string(), keypoints: z.array(z.string()) });
export type SummarizeResponse = z.infer<typeof SummarizeResponse>;

/** Spec §3 voice health: checked without spending tokens, cached briefly. */
export const VoiceHealth = z.object({
  status: z.enum(['healthy', 'unhealthy']),
  message: z.string(),
  apiKeyValid: z.boolean(),
});
export type VoiceHealth = z.infer<typeof VoiceHealth>;

/** Spec §8: what the client shows when the health call itself fails. */
export const VOICE_HEALTH_FETCH_FAILED: VoiceHealth = { status: 'unhealthy', message: 'Failed to fetch status', apiKeyValid: false };

export const voiceRoutes = {
  transcribe: defineRoute({
    name: 'transcribeAudio',
    summary: 'Transcribes recorded audio (a multipart `audio` file, or JSON base64 plus mimeType) with Gemini; the text trimmed.',
    method: 'POST',
    path: '/api/gemini/transcribe',
    body: TranscribeRequest,
    upload: { fields: TranscribeUploadFields, files: { audio: { maxBytes: MAX_AUDIO_BYTES, mimeTypes: TRANSCRIBE_MIME_TYPES, required: false } } },
    response: TranscribeResponse,
  }),
  summarize: defineRoute({ name: 'summarizeText', summary: 'Summarizes a text with Gemini into a title and key points.', method: 'POST', path: '/api/gemini/summarize', body: SummarizeRequest, response: SummarizeResponse }),
  health: defineRoute({ name: 'getVoiceHealth', summary: 'Whether voice input works: the Gemini key and model checked without generating (cached for a minute).', method: 'GET', path: '/api/gemini/health', response: VoiceHealth }),
};
