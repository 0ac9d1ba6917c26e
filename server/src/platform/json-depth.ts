import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error';

/** Deepest JSON nesting a request body may have: far beyond any contract shape, far below a stack overflow. */
export const MAX_JSON_DEPTH = 64;

/** True when `text` nests arrays/objects deeper than `max` (brackets inside strings do not count). */
export function jsonTooDeep(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i += 1; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      depth += 1;
      if (depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth -= 1;
  }
  return false;
}

/**
 * Fastify's own JSON parser (prototype-poisoning checks included), behind a nesting limit: a deeply nested body
 * would otherwise overflow the stack later (cloning, merging, writing the config) and answer 500.
 */
export function installJsonDepthLimit(app: FastifyInstance, max = MAX_JSON_DEPTH): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (jsonTooDeep(text, max)) {
      done(new AppError('request.invalid_json', `Invalid JSON: nested deeper than ${max} levels`), undefined);
      return;
    }
    parse(request, text, done);
  });
}
