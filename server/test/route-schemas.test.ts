import Fastify from 'fastify';
import { expect, it } from 'vitest';
import { DEFAULT_HTTP_TIMEOUTS, httpServerOptions } from '../src/platform/http-limits';

// Routes validate with the contract's zod parsers. The server gives Fastify compiler factories that refuse a route
// schema, so Fastify never loads Ajv and fast-json-stringify at start-up (issue 28 point 1).
it('refuses a route that declares a Fastify schema, and serves routes that do not', async () => {
  const refusing = Fastify(httpServerOptions(DEFAULT_HTTP_TIMEOUTS));
  refusing.post('/with-schema', { schema: { body: { type: 'object' } } }, async () => ({ ok: true }));
  await expect(refusing.ready()).rejects.toThrow("Fastify route schemas are not used: parse the request with the contract's zod schema in the handler");

  const serving = Fastify(httpServerOptions(DEFAULT_HTTP_TIMEOUTS));
  serving.post('/plain', async (request) => ({ echoed: request.body }));
  const response = await serving.inject({ method: 'POST', url: '/plain', payload: { a: 1 } });
  expect(response.json()).toEqual({ echoed: { a: 1 } });
  await serving.close();
});
