import Fastify, { type FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { defineRoute } from '@cui/contract';
import { z } from 'zod';
import { installErrorHandler } from './errors-http';
import { installUploads, registerRoute } from './http';

/** A dummy upload route, standing in for the voice transcription route that comes next. */
const echoUpload = defineRoute({
  name: 'echoUpload',
  summary: 'Test only: echoes what an upload carried.',
  method: 'POST',
  path: '/api/test/upload',
  body: z.object({ audio: z.string().min(1), mimeType: z.string() }),
  upload: {
    fields: z.object({ language: z.string().optional() }),
    files: { audio: { maxBytes: 16, mimeTypes: ['audio/webm', 'audio/wav'], required: true } },
  },
  response: z.object({ via: z.enum(['json', 'multipart']), bytes: z.number(), mimeType: z.string(), language: z.string().optional() }),
});
const uploadOnly = defineRoute({
  name: 'uploadOnly',
  summary: 'Test only: takes multipart uploads and nothing else.',
  method: 'POST',
  path: '/api/test/upload-only',
  upload: { files: { file: { maxBytes: 1024, required: false } } },
  response: z.object({ files: z.array(z.string()) }),
});
const jsonOnly = defineRoute({ name: 'jsonOnly', summary: 'Test only: a JSON route.', method: 'POST', path: '/api/test/json', body: z.object({}), response: z.object({ ok: z.boolean() }) });

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

async function testApp(): Promise<FastifyInstance> {
  const app = Fastify();
  apps.push(app);
  installErrorHandler(app, pino({ level: 'silent' }));
  await installUploads(app);
  registerRoute(app, echoUpload, ({ body, upload }) => {
    if (upload) {
      const audio = upload.files.audio;
      return { via: 'multipart' as const, bytes: audio?.data.length ?? 0, mimeType: audio?.mimeType ?? '', language: upload.fields.language };
    }
    return { via: 'json' as const, bytes: Buffer.from(body?.audio ?? '', 'base64').length, mimeType: body?.mimeType ?? '' };
  });
  registerRoute(app, uploadOnly, ({ upload }) => ({ files: Object.keys(upload?.files ?? {}) }));
  registerRoute(app, jsonOnly, () => ({ ok: true }));
  return app;
}

function form(entries: Array<[string, string | Blob, string?]>): FormData {
  const data = new FormData();
  for (const [name, value, filename] of entries) {
    if (typeof value === 'string') data.append(name, value);
    else data.append(name, value, filename);
  }
  return data;
}

const audio = (bytes: number, type = 'audio/webm') => new Blob([new Uint8Array(bytes)], { type });

describe('registerRoute with an upload variant', () => {
  it('reads a multipart upload: text fields validated, the file part with its bytes and media type', async () => {
    const app = await testApp();
    const response = await app.inject({ method: 'POST', url: echoUpload.path, payload: form([['language', 'de'], ['audio', audio(5, 'audio/webm;codecs=opus'), 'a.webm']]) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ via: 'multipart', bytes: 5, mimeType: expect.stringMatching(/^audio\/webm\b/), language: 'de' });
  });

  it('still takes the JSON variant of the same route', async () => {
    const app = await testApp();
    const response = await app.inject({ method: 'POST', url: echoUpload.path, payload: { audio: Buffer.from('abc').toString('base64'), mimeType: 'audio/wav' } });
    expect(response.json()).toEqual({ via: 'json', bytes: 3, mimeType: 'audio/wav' });
  });

  it('answers 400 when a required file part is missing or an unknown one is sent', async () => {
    const app = await testApp();
    const missing = await app.inject({ method: 'POST', url: echoUpload.path, payload: form([['language', 'de']]) });
    expect({ status: missing.statusCode, body: missing.json() }).toEqual({ status: 400, body: { error: 'audio file is required', code: 'validation.failed' } });
    const unknown = await app.inject({ method: 'POST', url: echoUpload.path, payload: form([['audio', audio(1), 'a.webm'], ['video', audio(1), 'v.webm']]) });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'validation.failed' });
  });

  it('answers 413 for a file over its size limit and 415 for a media type the route does not accept', async () => {
    const app = await testApp();
    const big = await app.inject({ method: 'POST', url: echoUpload.path, payload: form([['audio', audio(17), 'a.webm']]) });
    expect({ status: big.statusCode, code: big.json<{ code: string }>().code }).toEqual({ status: 413, code: 'request.too_large' });
    const far = await app.inject({ method: 'POST', url: echoUpload.path, payload: form([['audio', audio(4096), 'a.webm']]) });
    expect({ status: far.statusCode, code: far.json<{ code: string }>().code }).toEqual({ status: 413, code: 'request.too_large' });
    const text = await app.inject({ method: 'POST', url: echoUpload.path, payload: form([['audio', new Blob(['hi'], { type: 'text/plain' }), 'a.txt']]) });
    expect({ status: text.statusCode, code: text.json<{ code: string }>().code }).toEqual({ status: 415, code: 'request.unsupported_media_type' });
  });

  it('answers 400 for a malformed multipart body (no boundary in it, cut short), never a 500', async () => {
    const app = await testApp();
    for (const payload of ['[]', '--x\r\nContent-Disposition: form-data; name="audio"; filename="a.webm"\r\n\r\nabc']) {
      const response = await app.inject({ method: 'POST', url: echoUpload.path, headers: { 'content-type': 'multipart/form-data; boundary=x' }, payload });
      expect({ status: response.statusCode, code: response.json<{ code: string }>().code }).toEqual({ status: 400, code: 'validation.failed' });
    }
  });

  it('refuses a JSON body with 415 when the route takes uploads only, and accepts an optional file left out', async () => {
    const app = await testApp();
    const json = await app.inject({ method: 'POST', url: uploadOnly.path, payload: {} });
    expect({ status: json.statusCode, code: json.json<{ code: string }>().code }).toEqual({ status: 415, code: 'request.unsupported_media_type' });
    const empty = await app.inject({ method: 'POST', url: uploadOnly.path, payload: form([['note', 'x']]) });
    expect(empty.json()).toEqual({ files: [] });
  });
});

describe('registerRoute without one', () => {
  it('refuses a multipart body with 415, as before the multipart parser was installed', async () => {
    const app = await testApp();
    const json = await app.inject({ method: 'POST', url: jsonOnly.path, payload: form([['a', 'b']]) });
    expect({ status: json.statusCode, code: json.json<{ code: string }>().code }).toEqual({ status: 415, code: 'request.unsupported_media_type' });
    expect((await app.inject({ method: 'POST', url: jsonOnly.path, payload: {} })).json()).toEqual({ ok: true });
  });
});
