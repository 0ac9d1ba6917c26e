import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MASKED_SECRET_PREFIX, MAX_AUDIO_BYTES, MISSING_AUDIO_MESSAGE, MISSING_TEXT_MESSAGE } from '@cui/contract';
import { createLogBuffer } from '../src/platform/log-buffer';
import { FAKE_GEMINI_KEY, FAKE_TRANSCRIPT, startFakeGemini, type FakeGemini } from './fake-gemini/index';
import { freePort, startTestServer, type TestServer } from './helpers';

/** `/api/gemini/*` against the fake Gemini REST API through the real @google/genai client. */

const AUDIO = Buffer.concat([Buffer.from('1a45dfa3', 'hex'), Buffer.from('not really opus, but bytes the fake records')]);
const ENV_KEY = 'AIzaEnvironmentKey-GOOGLE-5555';
const logBuffer = createLogBuffer();
let gemini: FakeGemini;
let server: TestServer;

beforeAll(async () => {
  gemini = await startFakeGemini({ transcribe: () => `  ${FAKE_TRANSCRIPT}\n` });
  server = await startTestServer({ logBuffer, voiceEnv: { GOOGLE_GEMINI_BASE_URL: gemini.url } });
});
afterAll(async () => {
  await server.close();
  await gemini.close();
});
afterEach(() => {
  gemini.failWith(undefined);
  gemini.requests.length = 0;
});

async function configure(geminiConfig: Record<string, unknown>): Promise<void> {
  const response = await server.api('/api/config', { method: 'PUT', body: JSON.stringify({ gemini: geminiConfig }) });
  expect(response.status).toBe(200);
}

async function health(): Promise<unknown> {
  const response = await server.api('/api/gemini/health');
  expect(response.status).toBe(200);
  return response.json();
}

describe('POST /api/gemini/transcribe', () => {
  it('forwards a multipart upload as inline audio and answers the text trimmed', async () => {
    await configure({ apiKey: FAKE_GEMINI_KEY });
    const form = new FormData();
    form.append('audio', new Blob([AUDIO], { type: 'audio/webm;codecs=opus' }), 'recording.webm');
    const response = await server.api('/api/gemini/transcribe', { method: 'POST', body: form });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ text: FAKE_TRANSCRIPT });
    const [request] = gemini.requests;
    expect(request).toMatchObject({ method: 'POST', path: '/v1/models/gemini-2.5-flash:generateContent', apiKey: FAKE_GEMINI_KEY });
    expect(request?.body?.contents?.[0]?.parts?.[0]).toEqual({ inlineData: { mimeType: 'audio/webm', data: AUDIO.toString('base64') } });
  });

  it('forwards JSON base64 audio with its mime type', async () => {
    await configure({ apiKey: FAKE_GEMINI_KEY });
    const response = await server.api('/api/gemini/transcribe', { method: 'POST', body: JSON.stringify({ audio: AUDIO.toString('base64'), mimeType: 'audio/ogg' }) });
    expect(await response.json()).toEqual({ text: FAKE_TRANSCRIPT });
    expect(gemini.audio()).toEqual([{ mimeType: 'audio/ogg', data: AUDIO }]);
  });

  it('refuses a request without audio, a bad mime type and a non-audio file with 4xx and no provider call', async () => {
    await configure({ apiKey: FAKE_GEMINI_KEY });
    const missing = await server.api('/api/gemini/transcribe', { method: 'POST', body: JSON.stringify({ mimeType: 'audio/webm' }) });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ error: MISSING_AUDIO_MESSAGE, code: 'validation.failed' });
    const noFile = await server.api('/api/gemini/transcribe', { method: 'POST', body: new FormData() });
    expect(noFile.status).toBe(400);
    expect(((await noFile.json()) as { error: string }).error).toBe(MISSING_AUDIO_MESSAGE);
    const badType = await server.api('/api/gemini/transcribe', { method: 'POST', body: JSON.stringify({ audio: 'AAAA', mimeType: 'video/mp4' }) });
    expect(badType.status).toBe(400);
    expect(((await badType.json()) as { error: string }).error).toMatch(/mimeType must be one of: audio\/wav/);
    const form = new FormData();
    form.append('audio', new Blob(['text'], { type: 'text/plain' }), 'notes.txt');
    expect((await server.api('/api/gemini/transcribe', { method: 'POST', body: form })).status).toBe(415);
    expect(gemini.requests).toEqual([]);
  });

  it('takes ten minutes of audio as JSON base64, and refuses an upload over the limit with 413', async () => {
    await configure({ apiKey: FAKE_GEMINI_KEY });
    const tenMinutes = Buffer.alloc((16_000 / 8) * 600, 7);
    const json = await server.api('/api/gemini/transcribe', { method: 'POST', body: JSON.stringify({ audio: tenMinutes.toString('base64'), mimeType: 'audio/webm' }) });
    expect(json.status).toBe(200);
    expect(gemini.audio()[0]?.data.length).toBe(tenMinutes.length);
    const form = new FormData();
    form.append('audio', new Blob([Buffer.alloc(MAX_AUDIO_BYTES + 1)], { type: 'audio/webm' }), 'long.webm');
    expect((await server.api('/api/gemini/transcribe', { method: 'POST', body: form })).status).toBe(413);
    expect(gemini.requests).toHaveLength(1);
  });

  it("passes a provider failure on as 502 with the provider's message", async () => {
    await configure({ apiKey: FAKE_GEMINI_KEY });
    gemini.failWith(503);
    const response = await server.api('/api/gemini/transcribe', { method: 'POST', body: JSON.stringify({ audio: AUDIO.toString('base64'), mimeType: 'audio/webm' }) });
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({ error: 'Gemini transcription failed: The service is currently unavailable.', code: 'voice.provider_failed' });
  });
});

describe('POST /api/gemini/summarize', () => {
  it('asks for structured output and answers the parsed summary', async () => {
    await configure({ apiKey: FAKE_GEMINI_KEY });
    const response = await server.api('/api/gemini/summarize', { method: 'POST', body: JSON.stringify({ text: 'A long dictated text.' }) });
    expect(await response.json()).toEqual({ title: 'Fake summary', keypoints: ['first point', 'second point'] });
    expect(gemini.requests[0]?.body?.generationConfig).toMatchObject({ responseMimeType: 'application/json', responseSchema: { type: 'OBJECT', required: ['title', 'keypoints'] } });
  });

  it('answers 502 when Gemini returns a summary that is not the JSON asked for', async () => {
    const broken = await startFakeGemini({ summary: 'Title: not JSON' });
    await configure({ apiKey: FAKE_GEMINI_KEY, baseUrl: broken.url });
    try {
      const response = await server.api('/api/gemini/summarize', { method: 'POST', body: JSON.stringify({ text: 'Some text.' }) });
      expect(response.status).toBe(502);
      expect(await response.json()).toEqual({ error: 'Gemini returned a summary that is not JSON', code: 'voice.provider_failed' });
    } finally {
      await configure({ baseUrl: null });
      await broken.close();
    }
  });

  it('refuses empty text with the spec message', async () => {
    const response = await server.api('/api/gemini/summarize', { method: 'POST', body: JSON.stringify({ text: '   ' }) });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: MISSING_TEXT_MESSAGE, code: 'validation.failed' });
  });
});

describe('GET /api/gemini/health', () => {
  it('is unhealthy without a key, and transcribe is refused with 503', async () => {
    await configure({ apiKey: null });
    expect(await health()).toEqual({ status: 'unhealthy', message: 'Gemini API key not configured', apiKeyValid: false });
    const response = await server.api('/api/gemini/transcribe', { method: 'POST', body: JSON.stringify({ audio: 'AAAA' }) });
    expect(response.status).toBe(503);
    expect(gemini.requests).toEqual([]);
  });

  it('reports a bad key as apiKeyValid false', async () => {
    await configure({ apiKey: 'AIzaWrongKey-0000' });
    expect(await health()).toMatchObject({ status: 'unhealthy', apiKeyValid: false, message: expect.stringContaining('API key not valid') });
  });

  it('reports a provider outage as unhealthy with the key still valid', async () => {
    await configure({ apiKey: FAKE_GEMINI_KEY });
    gemini.failWith(500);
    expect(await health()).toMatchObject({ status: 'unhealthy', apiKeyValid: true });
  });

  it('reports an unreachable provider as unhealthy with the key still valid, and transcribe as 502', async () => {
    await configure({ apiKey: FAKE_GEMINI_KEY, baseUrl: `http://127.0.0.1:${await freePort()}` });
    try {
      expect(await health()).toMatchObject({ status: 'unhealthy', apiKeyValid: true, message: expect.stringContaining('fetch failed') });
      const response = await server.api('/api/gemini/transcribe', { method: 'POST', body: JSON.stringify({ audio: 'AAAA' }) });
      expect(response.status).toBe(502);
      expect(await response.json()).toMatchObject({ code: 'voice.provider_failed', error: expect.stringContaining('Gemini transcription failed') });
    } finally {
      await configure({ baseUrl: null });
    }
  });

  it('is healthy with a good key, checked with GET models/{model} and cached until the config changes', async () => {
    await configure({ apiKey: FAKE_GEMINI_KEY, model: 'gemini-test-model' });
    expect(await health()).toEqual({ status: 'healthy', message: 'Gemini API is accessible', apiKeyValid: true });
    await health();
    expect(gemini.requests).toEqual([{ method: 'GET', path: '/v1/models/gemini-test-model', apiKey: FAKE_GEMINI_KEY }]);
    await configure({ model: null });
    await health();
    expect(gemini.requests.map((request) => request.path)).toEqual(['/v1/models/gemini-test-model', '/v1/models/gemini-2.5-flash']);
  });
});

describe('the API key', () => {
  it('comes from the config before GOOGLE_API_KEY before GEMINI_API_KEY', async () => {
    const envServer = await startTestServer({ voiceEnv: { GOOGLE_GEMINI_BASE_URL: gemini.url, GOOGLE_API_KEY: ENV_KEY, GEMINI_API_KEY: 'AIzaSecondKey' } });
    const onlyGemini = await startTestServer({ voiceEnv: { GOOGLE_GEMINI_BASE_URL: gemini.url, GEMINI_API_KEY: 'AIzaSecondKey' } });
    try {
      const transcribe = (target: TestServer) => target.api('/api/gemini/transcribe', { method: 'POST', body: JSON.stringify({ audio: 'AAAA', mimeType: 'audio/wav' }) });
      await transcribe(envServer);
      await transcribe(onlyGemini);
      await envServer.api('/api/config', { method: 'PUT', body: JSON.stringify({ gemini: { apiKey: FAKE_GEMINI_KEY } }) });
      await transcribe(envServer);
      expect(gemini.requests.map((request) => request.apiKey)).toEqual([ENV_KEY, 'AIzaSecondKey', FAKE_GEMINI_KEY]);
    } finally {
      await Promise.all([envServer.close(), onlyGemini.close()]);
    }
  });

  it('is masked in GET /api/config and never reaches the logs', async () => {
    await configure({ apiKey: FAKE_GEMINI_KEY });
    const config = (await (await server.api('/api/config')).json()) as { gemini: { apiKey: string } };
    expect(config.gemini.apiKey).toBe(`${MASKED_SECRET_PREFIX}${FAKE_GEMINI_KEY.slice(-4)}`);
    await configure({ apiKey: 'AIzaWrongKey-0000' });
    await server.api('/api/gemini/transcribe', { method: 'POST', body: JSON.stringify({ audio: 'AAAA' }) });
    await health();
    const logs = logBuffer.recent(1000).join('\n');
    expect(logs).toContain('Gemini transcription failed');
    expect(logs).not.toContain(FAKE_GEMINI_KEY);
    expect(logs).not.toContain('AIzaWrongKey');
  });
});
