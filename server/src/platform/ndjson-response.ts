import type { ServerResponse } from 'node:http';
import type { FastifyReply } from 'fastify';

/**
 * Takes the response over for an NDJSON stream (`application/x-ndjson`, never cached, never buffered by a proxy,
 * never compressed) and sends its head; the caller writes lines and ends it.
 */
export function openNdjsonResponse(reply: FastifyReply): ServerResponse {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    // Headers hooks already set on the reply (CORS, security) would be lost with a hijacked response.
    ...(reply.getHeaders() as Record<string, string | string[] | number>),
    'content-type': 'application/x-ndjson; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    'x-accel-buffering': 'no',
  });
  return res;
}
