import type { FastifyInstance } from 'fastify';
import { MISSING_AUDIO_MESSAGE, routes, type TranscribeMimeType } from '@cui/contract';
import { AppError } from '../../platform/app-error';
import { registerRoute } from '../../platform/http';
import type { VoiceService } from './voice-service';

/** What the JSON variant assumes when it names no type: the composer's recording format. */
const DEFAULT_MIME_TYPE: TranscribeMimeType = 'audio/webm';

const baseType = (mimeType: string): string => (mimeType.split(';')[0] ?? '').trim().toLowerCase();

/** Spec §7 `/api/gemini/*`: transcribe (multipart or JSON base64), summarize and health. */
export function registerVoiceRoutes(app: FastifyInstance, deps: { voice: VoiceService }): void {
  registerRoute(app, routes.voice.transcribe, async ({ body, upload }) => {
    let audio: Buffer | undefined;
    let mimeType: string = DEFAULT_MIME_TYPE;
    if (upload) {
      const file = upload.files.audio;
      audio = file?.data;
      mimeType = upload.fields?.mimeType ?? (file ? baseType(file.mimeType) : mimeType);
    } else if (body) {
      const base64 = body.audio ?? body.audioBase64;
      audio = base64 ? Buffer.from(base64, 'base64') : undefined;
      mimeType = body.mimeType ?? mimeType;
    }
    if (!audio || audio.length === 0) throw new AppError('validation.failed', MISSING_AUDIO_MESSAGE);
    return { text: await deps.voice.transcribe(audio, mimeType) };
  });
  registerRoute(app, routes.voice.summarize, ({ body }) => deps.voice.summarize(body.text));
  registerRoute(app, routes.voice.health, () => deps.voice.health());
}
