import type { IncomingMessage, ServerResponse } from 'node:http';
import { makeId } from './message';

/** Small HTTP helpers for the fake: body reading and JSON answers in the Anthropic error shape. */

const MAX_BODY_BYTES = 64 * 1024 * 1024;

export async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const piece of req) {
    const buffer = piece as Buffer;
    size += buffer.length;
    if (size > MAX_BODY_BYTES) throw new Error('request body too large');
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const payload = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), 'request-id': makeId('req') });
  res.end(payload);
}

export function sendError(res: ServerResponse, status: number, errorType: string, message: string): void {
  sendJson(res, status, { type: 'error', error: { type: errorType, message }, request_id: makeId('req') });
}

/** Parses JSON, or returns undefined for an empty or malformed body. */
export function parseJson(buffer: Buffer): unknown {
  if (buffer.length === 0) return undefined;
  try {
    return JSON.parse(buffer.toString('utf8'));
  } catch {
    // Deliberate: malformed JSON is answered with a 400 by the caller, not thrown.
    return undefined;
  }
}
