import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Types worth compressing: JSON answers and the web app's text assets. */
const COMPRESSIBLE = /^(?:application\/(?:json|javascript|manifest\+json)|text\/(?:html|css|javascript|plain)|image\/svg\+xml)\b/;
/**
 * Streams are never compressed: a compressor holds bytes back until its buffer fills, which would delay
 * every NDJSON event and heartbeat (liveness). They are written to the socket directly today; this keeps
 * them out should one ever go through reply.send.
 */
const STREAMING = /x-ndjson|event-stream/;

/**
 * Compresses replies sent through reply.send (JSON, static files) for clients that accept it. The built
 * web app's assets come precompressed (`.br`/`.gz` beside each file); those replies already carry a
 * content-encoding and pass through untouched.
 */
export async function installCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    encodings: ['br', 'gzip', 'deflate'],
    customTypes: (type: string) => COMPRESSIBLE.test(type) && !STREAMING.test(type),
  });
}
