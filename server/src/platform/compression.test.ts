import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installCompression, ONE_CALL_MAX_BYTES } from './compression';

/** JSON answers: compressed in one call up to ONE_CALL_MAX_BYTES, by @fastify/compress beyond (issue 28 point 5). */

const rows = (count: number, text = 'a conversation about the parser') => ({ rows: Array.from({ length: count }, (_, i) => ({ id: i, text: `${text} ${i}` })) });
const SMALL = rows(300); // ~13 KB, a list page's size
const BIG = rows(12_000); // over ONE_CALL_MAX_BYTES
const WIDE = rows(3200, '字'.repeat(30)); // under ONE_CALL_MAX_BYTES characters, over it in UTF-8 bytes

let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify();
  await installCompression(app);
  app.get('/small', async () => SMALL);
  app.get('/big', async () => BIG);
  app.get('/wide', async () => WIDE);
  app.get('/tiny', async () => ({ ok: true }));
  app.get('/varied', async (_request, reply) => reply.header('vary', 'origin').send(SMALL));
  await app.ready();
});
afterAll(() => app.close());

function decode(encoding: string | undefined, body: Buffer): unknown {
  const bytes = encoding === 'br' ? zlib.brotliDecompressSync(body) : encoding === 'gzip' ? zlib.gunzipSync(body) : encoding === 'deflate' ? zlib.inflateSync(body) : body;
  return JSON.parse(bytes.toString('utf8'));
}

describe('compressed JSON answers', () => {
  it('come in the encoding the client prefers, whole, with their length and Vary', async () => {
    for (const [header, encoding] of [['br', 'br'], ['gzip, deflate', 'gzip'], ['deflate', 'deflate'], ['br;q=0, gzip', 'gzip'], ['x-gzip', 'gzip'], ['*', 'gzip']] as const) {
      const response = await app.inject({ url: '/small', headers: { 'accept-encoding': header } });
      expect({ header, encoding: response.headers['content-encoding'] }).toEqual({ header, encoding });
      expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
      expect(response.rawPayload.length).toBeLessThan(JSON.stringify(SMALL).length / 3);
      expect(response.headers.vary).toBe('accept-encoding');
      expect(decode(encoding, response.rawPayload)).toEqual(SMALL);
    }
  });

  it('are sent as they are without an accepted encoding, with x-no-compression, or when small', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }, { 'accept-encoding': 'compress' }, { 'accept-encoding': 'gzip', 'x-no-compression': '1' }]) {
      const response = await app.inject({ url: '/small', headers });
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.json()).toEqual(SMALL);
    }
    expect((await app.inject({ url: '/tiny', headers: { 'accept-encoding': 'gzip' } })).headers['content-encoding']).toBeUndefined();
  });

  it('keep a Vary the route set', async () => {
    const response = await app.inject({ url: '/varied', headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers.vary).toBe('origin, accept-encoding');
    expect(decode('gzip', response.rawPayload)).toEqual(SMALL);
  });

  it('over the one-call size (in UTF-8 bytes) are still compressed, as a stream', async () => {
    expect(JSON.stringify(BIG).length).toBeGreaterThan(ONE_CALL_MAX_BYTES);
    expect(JSON.stringify(WIDE).length).toBeLessThan(ONE_CALL_MAX_BYTES);
    expect(Buffer.byteLength(JSON.stringify(WIDE))).toBeGreaterThan(ONE_CALL_MAX_BYTES);
    for (const [url, body] of [['/big', BIG], ['/wide', WIDE]] as const) {
      const response = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
      expect(response.headers['content-encoding']).toBe('gzip');
      expect(response.headers['content-length']).toBeUndefined();
      expect(decode('gzip', response.rawPayload)).toEqual(body);
    }
  });

  it('hold multi-byte text whole', async () => {
    const text = rows(200, 'ünïcödé — 字 ');
    const local = Fastify();
    await installCompression(local);
    local.get('/', async () => text);
    const response = await local.inject({ url: '/', headers: { 'accept-encoding': 'br' } });
    expect(response.headers['content-encoding']).toBe('br');
    expect(decode('br', response.rawPayload)).toEqual(text);
    await local.close();
  });
});
