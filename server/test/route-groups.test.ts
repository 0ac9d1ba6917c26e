import fs from 'node:fs';
import { allRoutes, routes, type RouteDef } from '@cui/contract';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverFeatures } from '../src/app';
import { createCore, createPlatform, type Core } from '../src/core';
import { installUploads } from '../src/platform/http';
import { makeTestDirs, type TestDirs } from './test-dirs';

/**
 * Every route group of the contract's route table is served by the server feature of the same name (issue 22.4), and
 * a feature serves no other group's routes. Each feature registers on a Fastify instance of its own, so what it
 * registered is known exactly.
 */

/**
 * Groups named with the wire's word (the spec's paths: /api/config, /api/filesystem, /api/permissions, /api/stream) where
 * the feature has the code's: the one feature that serves each. Every other group's feature has the group's name.
 */
const SERVED_BY: Readonly<Record<string, string>> = { config: 'settings', filesystem: 'files', permissions: 'runs', stream: 'runs', retention: 'trust' };

const label = (method: string, url: string): string => `${method} ${url}`;
const groupOf = new Map<RouteDef, string>(Object.entries(routes).flatMap(([group, defs]) => Object.values(defs as Record<string, RouteDef>).map((def): [RouteDef, string] => [def, group])));

let dirs: TestDirs;
let core: Core;
/** Per feature name: the method and path of each route it registered. */
const served = new Map<string, string[]>();

beforeAll(async () => {
  dirs = makeTestDirs('cui-route-groups-');
  const platform = await createPlatform({ homeDir: dirs.home, cuiHome: dirs.cuiHome, claudeConfigDir: dirs.claudeConfigDir, logLevel: 'silent' });
  core = createCore(platform, {});
  for (const feature of serverFeatures(core, {})) {
    const app = Fastify();
    await installUploads(app);
    const seen: string[] = [];
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) if (method !== 'HEAD') seen.push(label(method, route.url));
    });
    await feature.register(app);
    await app.ready();
    served.set(feature.name, [...(served.get(feature.name) ?? []), ...seen]);
    await app.close();
    await feature.close?.();
  }
});

afterAll(async () => {
  await core.closeRuns();
  await core.closeStorage();
  fs.rmSync(dirs.root, { recursive: true, force: true });
});

describe('the route table and the server features', () => {
  it('names each feature once', () => {
    const names = serverFeatures(core, {}).map((feature) => feature.name);
    expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([]);
  });

  it('serves every route of a group by the feature of its name, and by no other feature', () => {
    const owners = new Map<string, string[]>();
    for (const [feature, labels] of served) for (const entry of labels) owners.set(entry, [...(owners.get(entry) ?? []), feature]);
    const wrong = allRoutes.flatMap((route) => {
      const group = groupOf.get(route) ?? '?';
      const expected = SERVED_BY[group] ?? group;
      const actual = owners.get(label(route.method, route.path)) ?? [];
      return actual.length === 1 && actual[0] === expected ? [] : [{ route: `${group}.${route.name}`, expected, servedBy: actual }];
    });
    expect(wrong).toEqual([]);
  });

  it('has a feature folder for every group', () => {
    for (const group of Object.keys(routes)) expect({ group, folder: fs.existsSync(new URL(`../src/features/${SERVED_BY[group] ?? group}/index.ts`, import.meta.url)) }).toEqual({ group, folder: true });
  });

  it('registers no /api route outside the table', () => {
    const table = new Set(allRoutes.map((route) => label(route.method, route.path)));
    const extra = [...served.values()].flat().filter((entry) => entry.includes(' /api/') && !table.has(entry));
    expect(extra).toEqual([]);
  });
});
