import zlib from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Types worth compressing: JSON answers and the web app's text assets. */
const COMPRESSIBLE = /^(?:application\/(?:json|javascript|manifest\+json)|text\/(?:html|css|javascript|plain)|image\/svg\+xml)\b/;
/**
 * Streams are never compressed: a compressor holds bytes back until its buffer fills, which would delay
 * every NDJSON event and heartbeat (liveness). They are written to the socket directly today; this keeps
 * them out should one ever go through reply.send.
 */
const STREAMING = /x-ndjson|event-stream/;
const ENCODINGS = ['br', 'gzip', 'deflate'];

/** Smaller answers go as they are (@fastify/compress's own threshold). */
const MIN_BYTES = 1024;
/**
 * Answers up to this size (UTF-8) are compressed in one call by `compressAnswer`; larger ones by @fastify/compress.
 * A conversation window of 50 messages is 16-115 KB in the generated corpus (median 45 KB); one call holds the thread
 * ~1-3 ms for 256 KB.
 */
export const ONE_CALL_MAX_BYTES = 256 * 1024;
/** Under 4 KB, Buffer.allocUnsafe takes its bytes from Node's shared pool instead of a fresh ArrayBuffer. */
const OUTPUT_CHUNK_BYTES = 4000;
/** One answer's text as UTF-8, reused: compression is synchronous and the server has one thread. */
const scratch = Buffer.allocUnsafeSlow(ONE_CALL_MAX_BYTES);

function compressible(type: unknown): boolean {
  return typeof type === 'string' && COMPRESSIBLE.test(type) && !STREAMING.test(type);
}

/** The encoding the client prefers among ours (`*` and `x-gzip` read as gzip, as @fastify/compress reads them). */
function acceptedEncoding(request: FastifyRequest): string | null {
  const header = request.headers['accept-encoding'];
  return typeof header === 'string' ? negotiate(header.toLowerCase().replace(/\*|x-gzip/g, 'gzip'), ENCODINGS) : null;
}

function compressOnce(encoding: string, input: Buffer): Buffer {
  if (encoding === 'br') {
    const { BROTLI_PARAM_QUALITY, BROTLI_PARAM_SIZE_HINT } = zlib.constants;
    return zlib.brotliCompressSync(input, { chunkSize: OUTPUT_CHUNK_BYTES, params: { [BROTLI_PARAM_QUALITY]: 4, [BROTLI_PARAM_SIZE_HINT]: input.length } });
  }
  return encoding === 'gzip' ? zlib.gzipSync(input, { chunkSize: OUTPUT_CHUNK_BYTES }) : zlib.deflateSync(input, { chunkSize: OUTPUT_CHUNK_BYTES });
}

/**
 * The JSON answers (a list page, a search, settings) compressed in one call, by hand rather than by
 * @fastify/compress: its one-call path copies each answer into a fresh Buffer and compresses into a fresh 16 KB one.
 * Those ArrayBuffers outlive the answer until V8 collects them, and at a few hundred answers a second 40-60 MB of
 * them piled up between collections; the resident set kept that much (issue 28 point 5: 3,000 list pages took the
 * server from 130 to 211-226 MiB, and to 156 MiB uncompressed). Here the text goes through one reused buffer and the
 * output, a few KB, comes from Node's shared pool.
 */
function compressAnswer(request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
  if (typeof payload !== 'string' || payload.length < MIN_BYTES || payload.length > ONE_CALL_MAX_BYTES) return payload;
  if (reply.hasHeader('content-encoding') || reply.statusCode === 206 || reply.hasHeader('content-range')) return payload;
  if (request.headers['x-no-compression'] !== undefined || !compressible(reply.getHeader('content-type'))) return payload;
  const encoding = acceptedEncoding(request);
  if (!encoding) return payload;
  const bytes = Buffer.byteLength(payload);
  if (bytes > ONE_CALL_MAX_BYTES) return payload;
  scratch.write(payload, 0, bytes);
  const body = compressOnce(encoding, scratch.subarray(0, bytes));
  const vary = reply.getHeader('vary');
  if (vary === undefined) reply.header('vary', 'accept-encoding');
  else if (!String(vary).toLowerCase().includes('accept-encoding')) reply.header('vary', `${String(vary)}, accept-encoding`);
  reply.header('content-encoding', encoding);
  reply.header('content-length', body.length);
  return body;
}

/**
 * Compresses replies sent through reply.send (JSON, static files) for clients that accept it. The built
 * web app's assets come precompressed (`.br`/`.gz` beside each file); those replies already carry a
 * content-encoding and pass through untouched. JSON answers up to ONE_CALL_MAX_BYTES are compressed by
 * `compressAnswer` (a hook that runs before the library's, which then leaves them alone); larger ones and streams
 * (a conversation's details) by @fastify/compress.
 */
export async function installCompression(app: FastifyInstance): Promise<void> {
  app.addHook('onSend', (request, reply, payload, done) => {
    let body: unknown;
    try {
      body = compressAnswer(request, reply, payload);
    } catch (error) {
      done(error as Error);
      return;
    }
    done(null, body);
  });
  await app.register(fastifyCompress, {
    global: true,
    encodings: ['br', 'gzip', 'deflate'],
    customTypes: (type: string) => compressible(type),
  });
}
