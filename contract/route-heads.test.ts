import { describe, expect, it } from 'vitest';
import { routeHeads } from './route-heads';
import { routes } from './routes';

describe('routeHeads', () => {
  it('keeps each route of each group as its name, method and path only', () => {
    const heads = routeHeads(routes);
    expect(Object.keys(heads)).toEqual(Object.keys(routes));
    for (const [group, defs] of Object.entries(routes)) {
      const headGroup = heads[group as keyof typeof heads] as Record<string, unknown>;
      for (const [key, def] of Object.entries(defs)) {
        expect({ group, key, head: headGroup[key] }).toEqual({ group, key, head: { name: def.name, method: def.method, path: def.path } });
      }
    }
  });

  it('is plain data that survives JSON (the web build inlines it)', () => {
    const heads = routeHeads(routes);
    expect(JSON.parse(JSON.stringify(heads))).toEqual(heads);
    expect(heads.sessions.details).toEqual({ name: 'getConversation', method: 'GET', path: '/api/conversations/:sessionId' });
  });
});
