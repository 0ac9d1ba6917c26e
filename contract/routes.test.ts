import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildPath, isStreamRoute, type RouteDef } from './route';
import { allRoutes, routes } from './routes';

const label = (route: RouteDef): string => `${route.method} ${route.path}`;

describe('the route table', () => {
  it('lists every route of every group in allRoutes', () => {
    const grouped = Object.values(routes).flatMap((group): RouteDef[] => Object.values(group));
    expect(allRoutes).toEqual(grouped);
    expect(allRoutes.length).toBeGreaterThan(10);
  });

  it('gives every route a camelCase name and a one-line summary', () => {
    for (const route of allRoutes) {
      expect({ route: label(route), name: route.name }).toEqual({ route: label(route), name: expect.stringMatching(/^[a-z][A-Za-z]+$/) });
      expect({ route: label(route), summary: route.summary.trim().length > 10, oneLine: !/[\r\n]/.test(route.summary) }).toEqual({
        route: label(route),
        summary: true,
        oneLine: true,
      });
    }
  });

  it('uses each name, and each method and path, once', () => {
    const names = allRoutes.map((route) => route.name);
    expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([]);
    const endpoints = allRoutes.map(label);
    expect(endpoints.filter((endpoint, index) => endpoints.indexOf(endpoint) !== index)).toEqual([]);
  });

  it('declares what each streaming route emits, and a response schema for every other route', () => {
    for (const route of allRoutes) {
      if (route.response === null) {
        expect({ route: label(route), stream: isStreamRoute(route) }).toEqual({ route: label(route), stream: true });
        expect(route.emits?.schema).toBeInstanceOf(z.ZodType);
        expect(['ndjson', 'sse']).toContain(route.emits?.framing);
      } else {
        expect({ route: label(route), stream: isStreamRoute(route) }).toEqual({ route: label(route), stream: false });
        expect(route.response).toBeInstanceOf(z.ZodType);
      }
    }
  });

  it('has a params schema for exactly the routes whose path has parameters', () => {
    for (const route of allRoutes) {
      const names = [...route.path.matchAll(/:([A-Za-z_]+)/g)].map((match) => match[1]);
      expect({ route: label(route), params: route.params !== undefined }).toEqual({ route: label(route), params: names.length > 0 });
      if (route.params instanceof z.ZodObject) expect(Object.keys(route.params.shape).sort()).toEqual([...names].sort());
    }
  });

  it('puts a body only on routes that change something', () => {
    for (const route of allRoutes) {
      if (route.body !== undefined || route.upload !== undefined) expect(route.method).not.toBe('GET');
    }
  });

  it('declares the run stream as NDJSON stream events and the log stream as SSE log entries', () => {
    expect(routes.stream.stream.emits.framing).toBe('ndjson');
    expect(routes.stream.stream.emits.schema.safeParse({ type: 'connected', streamingId: 's' }).success).toBe(true);
    expect(routes.logs.stream.emits.framing).toBe('sse');
    expect(routes.logs.stream.emits.schema.safeParse({ level: 30, time: 1, msg: 'hi' }).success).toBe(true);
  });
});

describe('buildPath', () => {
  it('fills and encodes parameters', () => {
    expect(buildPath('/api/conversations/:sessionId/update', { sessionId: 'a b/c' })).toBe('/api/conversations/a%20b%2Fc/update');
  });

  it('refuses a missing parameter', () => {
    expect(() => buildPath('/api/stream/:streamingId')).toThrow('Missing path parameter: streamingId');
  });
});
