import { vi } from 'vitest';
import type { ConfigUpdate, PublicConfig } from '@cui/contract';

/** What a test's fake config server does: answer GET /api/config and PUT /api/config (a rejection is a 500). */
export interface ConfigApi {
  load(): Promise<PublicConfig>;
  update(patch: ConfigUpdate): Promise<PublicConfig>;
}

const pathOf = (input: RequestInfo | URL): string => new URL(input instanceof Request ? input.url : String(input), 'http://cui.invalid').pathname;

/**
 * Answers /api/config from `api` and hands every other request to the fetch in place before (a test's own stub),
 * so the Settings dialog runs through the real API client and data layer.
 */
export function stubConfigFetch(api: ConfigApi): void {
  const previous = globalThis.fetch;
  const stub: typeof fetch = async (input, init) => {
    if (pathOf(input) !== '/api/config') return previous(input, init);
    try {
      const body = init?.method === 'PUT' ? await api.update(JSON.parse(String(init.body)) as ConfigUpdate) : await api.load();
      return Response.json(body);
    } catch (error) {
      return Response.json({ error: error instanceof Error ? error.message : 'failed', code: 'internal' }, { status: 500 });
    }
  };
  vi.stubGlobal('fetch', stub);
}
