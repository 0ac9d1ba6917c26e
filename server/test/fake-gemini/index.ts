import http from 'node:http';
import { once } from 'node:events';

/**
 * A fake Gemini REST API (the requests @google/genai 3.1.0 makes; ../shared/reference/wave2-verified.md §3):
 * `POST /{v1,v1beta}/models/{model}:generateContent` and `GET /{v1,v1beta}/models/{model}`. A key other than
 * `validKey` gets the real API's 400 API_KEY_INVALID. Replies:
 * - a request with inline audio → `transcribe(audio)` (a canned text by default);
 * - a request asking for JSON → `summary` as JSON text;
 * - anything else → 'Hello'.
 * `failWith` makes every request answer that status (a provider outage).
 */
export interface FakeGeminiRequest {
  method: string;
  path: string;
  apiKey?: string;
  /** The parsed JSON body of a POST. */
  body?: GenerateBody;
}

export interface GenerateBody {
  contents?: { role?: string; parts?: { text?: string; inlineData?: { mimeType?: string; data?: string } }[] }[];
  generationConfig?: { responseMimeType?: string; responseSchema?: unknown };
}

export interface FakeGeminiOptions {
  validKey?: string;
  /** The text answered for uploaded audio; may be async (the real-ASR tier decodes and recognises it). */
  transcribe?: (audio: Buffer, mimeType: string) => string | Promise<string>;
  /** The JSON text answered to a structured-output request. */
  summary?: string;
}

export interface FakeGemini {
  url: string;
  requests: FakeGeminiRequest[];
  /** Every inline audio part received, in order. */
  audio(): { mimeType: string; data: Buffer }[];
  /** Answer every request with this status until called with undefined. */
  failWith(status: number | undefined): void;
  close(): Promise<void>;
}

export const FAKE_GEMINI_KEY = 'AIzaFakeGeminiKey-0123456789';
export const FAKE_TRANSCRIPT = 'Please run the unit tests.';
export const FAKE_SUMMARY = JSON.stringify({ title: 'Fake summary', keypoints: ['first point', 'second point'] });

const ROUTE = /^\/(v1|v1beta)\/models\/([^/:]+)(:generateContent)?$/;

function send(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

function invalidKey(res: http.ServerResponse): void {
  send(res, 400, {
    error: {
      code: 400,
      message: 'API key not valid. Please pass a valid API key.',
      status: 'INVALID_ARGUMENT',
      details: [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'API_KEY_INVALID' }],
    },
  });
}

function candidate(text: string, model: string): unknown {
  return {
    candidates: [{ content: { parts: [{ text }], role: 'model' }, finishReason: 'STOP', index: 0 }],
    usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15 },
    modelVersion: model,
  };
}

async function answer(body: GenerateBody, options: FakeGeminiOptions): Promise<string> {
  const parts = body.contents?.flatMap((content) => content.parts ?? []) ?? [];
  const inline = parts.find((part) => part.inlineData)?.inlineData;
  if (inline) return (options.transcribe ?? (() => FAKE_TRANSCRIPT))(Buffer.from(inline.data ?? '', 'base64'), inline.mimeType ?? '');
  if (body.generationConfig?.responseMimeType === 'application/json') return options.summary ?? FAKE_SUMMARY;
  return 'Hello';
}

/** Listens on 127.0.0.1, port 0. */
export async function startFakeGemini(options: FakeGeminiOptions = {}): Promise<FakeGemini> {
  const validKey = options.validKey ?? FAKE_GEMINI_KEY;
  const requests: FakeGeminiRequest[] = [];
  let failure: number | undefined;
  const handle = async (req: http.IncomingMessage, raw: Buffer, res: http.ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const apiKey = (req.headers['x-goog-api-key'] as string | undefined) ?? url.searchParams.get('key') ?? undefined;
    const body = req.method === 'POST' ? (JSON.parse(raw.toString('utf8') || '{}') as GenerateBody) : undefined;
    requests.push({ method: req.method ?? '', path: url.pathname, ...(apiKey ? { apiKey } : {}), ...(body ? { body } : {}) });
    const match = ROUTE.exec(url.pathname);
    if (failure) return send(res, failure, { error: { code: failure, message: 'The service is currently unavailable.', status: 'UNAVAILABLE' } });
    if (!match) return send(res, 404, { error: { code: 404, message: 'Not found', status: 'NOT_FOUND' } });
    if (apiKey !== validKey) return invalidKey(res);
    const model = match[2] ?? '';
    if (!match[3] && req.method === 'GET') return send(res, 200, { name: `models/${model}`, displayName: model, supportedGenerationMethods: ['generateContent'] });
    if (match[3] && body) return send(res, 200, candidate(await answer(body, options), model));
    send(res, 405, { error: { code: 405, message: 'Method not allowed', status: 'INVALID_ARGUMENT' } });
  };
  const server = http.createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (part: Buffer) => parts.push(part));
    req.on('end', () => {
      handle(req, Buffer.concat(parts), res).catch((error: unknown) => send(res, 500, { error: { code: 500, message: String(error), status: 'INTERNAL' } }));
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('fake Gemini did not bind');
  return {
    url: `http://127.0.0.1:${address.port}`,
    requests,
    audio: () =>
      requests.flatMap((request) =>
        (request.body?.contents ?? []).flatMap((content) => (content.parts ?? []).flatMap((part) => (part.inlineData ? [{ mimeType: part.inlineData.mimeType ?? '', data: Buffer.from(part.inlineData.data ?? '', 'base64') }] : []))),
      ),
    failWith: (status) => {
      failure = status;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
